// Per label of the nodes tasks are GROUNDED_IN: attempts on tasks grounded in at least one
// node with that label, and how many of them failed. An attempt counts once per label.
// Params: $runs = [run id]
MATCH (r:Run)-[a:ATTEMPTED]->(t:Task)-[:GROUNDED_IN]->(n)
WHERE r.id IN $runs
UNWIND labels(n) AS label
WITH DISTINCT r, a, label
RETURN r.id AS run, r.agent AS agent, r.model AS model, label AS value,
       count(a) AS attempts, sum(CASE WHEN a.success THEN 1 ELSE 0 END) AS successes,
       avg(a.score) AS mean_score
ORDER BY value, run
