// GUI episodes to score step by step: Android episodes of the given datasets, and of one
// loaded file (or folder) when $file is set (Episode.file is the absolute path).
// Params: $datasets = [dataset names], $file = null or a path, $limit = how many episodes
MATCH (e:Episode)
WHERE e.dataset IN $datasets AND e.platform = 'android'
  AND ($file IS NULL OR e.file = $file)
RETURN e.id AS id, e.key AS key, e.dataset AS dataset, e.file AS file, e.steps AS steps
ORDER BY key
LIMIT $limit
