// Every run, newest first: agent, model, how many attempts, how many succeeded.
MATCH (r:Run)
OPTIONAL MATCH (r)-[a:ATTEMPTED]->(x)
WHERE x:Task OR x:Episode
RETURN r.id AS run, r.agent AS agent, r.model AS model, r.status AS status,
       r.started AS started, count(a) AS attempts,
       count(CASE WHEN a.success THEN 1 END) AS successes,
       round(avg(a.score), 3) AS mean_score, r.log_path AS log_path
ORDER BY started DESC
