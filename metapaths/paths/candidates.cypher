// Causal paths: every item one move reaches, with the secondary attributes that may tell
// one of them apart: literal values of $attributes as text (a date as 2005-09-01), links
// along $attributes to labelled items, and `known`: the $attributes it has any value for
// (a constraint on a property a candidate has no value for cannot exclude it).
// Slot: {{rel}} property id. Params: $from, $reverse, $attributes, $limit
MATCH (a:Item {id: $from})-[r:{{rel}}]-(b:Item)
WHERE (startNode(r) = a) <> $reverse AND b <> a
WITH DISTINCT b
ORDER BY b.id
LIMIT $limit
RETURN b.id AS id,
       [pid IN $attributes WHERE b[pid] IS NOT NULL | {
         pid: pid,
         values: [v IN CASE WHEN b[pid] IS :: LIST<ANY> THEN b[pid] ELSE [b[pid]] END
                  | toString(v)]
       }] AS literals,
       COLLECT {
         MATCH (b)-[l]->(x:Item)
         WHERE type(l) IN $attributes AND x.label IS NOT NULL
         RETURN {pid: type(l), id: x.id, label: x.label} AS link
         ORDER BY link.pid, link.id
       } AS links,
       [pid IN $attributes WHERE b[pid] IS NOT NULL
          OR EXISTS { MATCH (b)-[l]->(:Item) WHERE type(l) = pid }] AS known
