// Per run and task: how many epochs were scored and how many succeeded (for pass@k).
// Params: $runs = [run id]
MATCH (r:Run)-[a:ATTEMPTED]->(t:Task)
WHERE r.id IN $runs
RETURN r.id AS run, t.id AS task, count(a) AS samples,
       sum(CASE WHEN a.success THEN 1 ELSE 0 END) AS successes
ORDER BY run, task
