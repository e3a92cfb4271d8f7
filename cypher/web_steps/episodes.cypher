// Web episodes to score step by step, with their gold steps, by key: of the given
// datasets, and of one loaded file when $file is set (Episode.file is the absolute path).
// Params: $datasets = [dataset names], $file = null or a path, $limit = how many episodes
MATCH (e:Episode)
WHERE e.dataset IN $datasets AND ($file IS NULL OR e.file = $file)
WITH e ORDER BY e.key LIMIT $limit
MATCH (e)-[:HAS_STEP]->(s:Step)
WITH e, s ORDER BY s.index
RETURN e.id AS id, e.key AS key, e.task AS task, e.app AS app, e.dataset AS dataset,
       collect({index: s.index, kind: s.kind, target: s.target, text: s.text,
                raw_json: s.raw_json}) AS steps
ORDER BY key
