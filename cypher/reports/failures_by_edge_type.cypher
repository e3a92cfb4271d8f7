// Per relationship type joining two of a task's grounding nodes (either direction):
// attempts on tasks whose grounding contains such an edge, and how many failed. Tasks
// whose grounding nodes are not joined at all count under '(none)'. A Wikidata type (a
// property id) is shown with its property's label: 'P136 genre'.
// Params: $runs = [run id]
MATCH (r:Run)-[a:ATTEMPTED]->(t:Task)
WHERE r.id IN $runs
OPTIONAL MATCH (t)-[:GROUNDED_IN]->(x)-[e]-(y)<-[:GROUNDED_IN]-(t)
WITH DISTINCT r, a, coalesce(type(e), '(none)') AS edge
OPTIONAL MATCH (p:Property {pid: edge})
WITH r, a, CASE WHEN p.label IS NULL THEN edge ELSE edge + ' ' + p.label END AS value
RETURN r.id AS run, r.agent AS agent, r.model AS model, value,
       count(a) AS attempts, sum(CASE WHEN a.success THEN 1 ELSE 0 END) AS successes,
       avg(a.score) AS mean_score
ORDER BY value, run
