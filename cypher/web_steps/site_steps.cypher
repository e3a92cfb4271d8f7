// Every step the loaded episodes of some sites take: the site pool of candidates for
// formats that ship no page (raw Mind2Web lists).
// Params: $apps = [site names], $datasets = [dataset names]
MATCH (e:Episode)-[:HAS_STEP]->(s:Step)
WHERE e.app IN $apps AND e.dataset IN $datasets
RETURN e.key AS key, e.app AS app, s.index AS index, s.kind AS kind, s.target AS target,
       s.text AS text, s.raw_json AS raw_json
ORDER BY key, index
