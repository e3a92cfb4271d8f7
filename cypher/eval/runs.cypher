// Every run, newest first: its id, agent, model, tasks file (its name, and the path), task
// kind, start, how many samples it scored and how many succeeded.
MATCH (r:Run)
OPTIONAL MATCH (r)-[a:ATTEMPTED]->(x)
WHERE x:Task OR x:Episode
RETURN r.id AS run, r.agent AS agent, r.model AS model,
       last(split(coalesce(r.tasks_file, ''), '/')) AS tasks, r.tasks_file AS tasks_file,
       r.kind AS kind, toString(r.started) AS started, r.status AS status,
       count(a) AS samples, count(CASE WHEN a.success THEN 1 END) AS successes,
       round(avg(a.score), 3) AS mean_score, r.log_path AS log_path
ORDER BY started DESC, run
