// Causal paths: the moves open from one item. Along each property in $out (forward) or
// $in (reverse), how many items it reaches (fanout), and a sample of them (by id) with
// their labels and the app root classes they belong to (P31, then up to six P279 steps).
// Params: $from, $out, $in (property ids), $roots, $sample
MATCH (a:Item {id: $from})-[r]-(b:Item)
WHERE b <> a
  AND ((startNode(r) = a AND type(r) IN $out) OR (endNode(r) = a AND type(r) IN $in))
WITH type(r) AS pid, startNode(r) <> a AS reverse, b
ORDER BY pid, reverse, b.id
WITH pid, reverse, collect(DISTINCT b) AS targets
WITH pid, reverse, size(targets) AS fanout, targets[..$sample] AS sample
UNWIND sample AS b
RETURN pid, reverse, fanout, b.id AS id, b.label AS label,
       COLLECT {
         MATCH ANY SHORTEST (b)-[:P31]->(:Item)-[:P279]->{0,6}(c:Item)
         WHERE c.id IN $roots
         RETURN DISTINCT c.id
       } AS roots
ORDER BY pid, reverse, id
