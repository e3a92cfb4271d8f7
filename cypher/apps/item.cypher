// App tools: one item as an app page shows it. Its label, the root classes of $roots it
// belongs to, literal values of the visible $attributes (as text; a date as 2005-09-01)
// and links along $attributes to labelled items. Reads items only.
// Params: $id, $roots, $attributes
MATCH (i:Item {id: $id})
RETURN i.id AS id, i.label AS label,
       COLLECT {
         MATCH ANY SHORTEST (i)-[:P31]->(:Item)-[:P279]->{0,6}(c:Item)
         WHERE c.id IN $roots
         RETURN DISTINCT c.id
       } AS roots,
       [pid IN $attributes WHERE i[pid] IS NOT NULL | {
         pid: pid,
         values: [v IN CASE WHEN i[pid] IS :: LIST<ANY> THEN i[pid] ELSE [i[pid]] END
                  | toString(v)]
       }] AS literals,
       COLLECT {
         MATCH (i)-[l]->(x:Item)
         WHERE type(l) IN $attributes AND x.label IS NOT NULL
         RETURN {pid: type(l), id: x.id, label: x.label} AS link
         ORDER BY link.pid, link.id
       } AS links
