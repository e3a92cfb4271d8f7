// App tools: an app's search box. Labelled items whose name contains $query (any case) and
// whose class (P31, then up to six P279 steps) is one of the app's root classes, shortest
// names first; each with the app root classes it belongs to. Reads items only.
// Params: $query, $roots (the app's root classes), $limit
MATCH (i:Item)
WHERE i.label IS NOT NULL AND toLower(i.label) CONTAINS toLower($query)
WITH i, COLLECT {
  MATCH ANY SHORTEST (i)-[:P31]->(:Item)-[:P279]->{0,6}(c:Item)
  WHERE c.id IN $roots
  RETURN DISTINCT c.id
} AS roots
WHERE size(roots) > 0
RETURN i.id AS id, i.label AS label, roots
ORDER BY size(i.label), id
LIMIT $limit
