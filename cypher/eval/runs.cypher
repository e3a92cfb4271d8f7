// Every run, newest first: its id, agent, model, tasks file (its name, and the path), task
// kind, start, how many samples it scored and how many succeeded. Runs in one second are
// ordered by their ends, then by when the graph recorded them.
MATCH (r:Run)
CALL (r) {
  OPTIONAL MATCH (r)-[a:ATTEMPTED]->(x)
  WHERE x:Task OR x:Episode
  RETURN count(a) AS samples, count(CASE WHEN a.success THEN 1 END) AS successes,
         round(avg(a.score), 3) AS mean_score
}
RETURN r.id AS run, r.agent AS agent, r.model AS model,
       last(split(coalesce(r.tasks_file, ''), '/')) AS tasks, r.tasks_file AS tasks_file,
       r.kind AS kind, toString(r.started) AS started, r.status AS status,
       samples, successes, mean_score, r.log_path AS log_path
ORDER BY r.started DESC, r.finished DESC, r.recorded DESC, r.id
