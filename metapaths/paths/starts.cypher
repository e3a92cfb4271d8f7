// Causal paths: where a path may start. A labelled item whose class (P31, then up to six
// P279 steps, a quantified path pattern) is a root class of some app, and whose label no
// other item carries, so that naming it in an instruction identifies it.
// Params: $roots (QIDs of app root classes), $limit
MATCH (i:Item)
WHERE i.label IS NOT NULL
WITH i.label AS label, collect(i) AS items
WHERE size(items) = 1
WITH items[0] AS s
MATCH (s)-[:P31]->(:Item)-[:P279]->{0,6}(c:Item)
WHERE c.id IN $roots
RETURN s.id AS id, s.label AS label, collect(DISTINCT c.id) AS roots
ORDER BY id
LIMIT $limit
