// One row per selected run: who ran, when, on how many tasks, and how well. A step-level
// run (kg eval steps) attempts episodes: they count as its tasks.
// Runs come in the order they ran: a start and an end are kept to the second, so runs in
// the same second (a run right after a sub-second one) are ordered by their ends, then by
// when the graph recorded them (to the nanosecond).
// Params: $runs = [run id]
MATCH (r:Run)
WHERE r.id IN $runs
CALL (r) {
  OPTIONAL MATCH (r)-[a:ATTEMPTED]->(t)
  WHERE t:Task OR t:Episode
  RETURN count(DISTINCT t) AS tasks, count(a) AS attempts,
         sum(CASE WHEN a.success THEN 1 ELSE 0 END) AS successes,
         avg(a.score) AS mean_score, count(DISTINCT a.epoch) AS epochs
}
RETURN r.id AS id, r.agent AS agent, r.model AS model, toString(r.started) AS started,
       toString(r.finished) AS finished, r.status AS status, r.tasks_file AS tasks_file,
       r.kind AS kind, r.metrics_json AS metrics_json,
       tasks, attempts, successes, mean_score, epochs
ORDER BY r.started, r.finished, r.recorded, r.id
