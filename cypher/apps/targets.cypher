// App tools: the items one navigable relation leads to, as an app lists them: id, label,
// literal values of $attributes and links along $attributes to labelled items, so a
// person can tell them apart. Reads items only.
// Params: $id, $pid, $reverse, $attributes, $offset, $limit (a page of the list)
MATCH (a:Item {id: $id})-[r]-(b:Item)
WHERE type(r) = $pid AND (startNode(r) = a) <> $reverse AND b <> a
WITH DISTINCT b
ORDER BY b.label, b.id
SKIP $offset
LIMIT $limit
RETURN b.id AS id, b.label AS label,
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
       } AS links
