// Causal paths: where a path may start. A labelled item whose class (P31, then up to six
// P279 steps, a quantified path pattern) is a root class of some app, and whose label no
// other item carries, so that naming it in an instruction identifies it.
// ANY SHORTEST finds each reachable class once, breadth first; the plain pattern lists every
// path to it and took 12.5 s against 0.3 s on a film slice of 8,622 items (same rows). The
// other class lookups (neighbours, the app tools' search and item) use it for that reason.
// Params: $roots (QIDs of app root classes), $limit
MATCH (i:Item)
WHERE i.label IS NOT NULL
WITH i.label AS label, collect(i) AS items
WHERE size(items) = 1
WITH items[0] AS s
MATCH ANY SHORTEST (s)-[:P31]->(:Item)-[:P279]->{0,6}(c:Item)
WHERE c.id IN $roots
RETURN s.id AS id, s.label AS label, collect(DISTINCT c.id) AS roots
ORDER BY id
LIMIT $limit
