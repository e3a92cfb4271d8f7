// App tools: how many items each navigable relation leads to from one item: along each
// property in $outgoing (forward) or $incoming (against it). Reads items only.
// Params: $id, $outgoing, $incoming (property ids)
MATCH (a:Item {id: $id})-[r]-(b:Item)
WHERE b <> a
  AND ((startNode(r) = a AND type(r) IN $outgoing) OR (endNode(r) = a AND type(r) IN $incoming))
RETURN type(r) AS pid, startNode(r) <> a AS reverse, count(DISTINCT b) AS count
ORDER BY pid, reverse
