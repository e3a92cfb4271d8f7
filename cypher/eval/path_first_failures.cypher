// Causal-path error attribution: failed attempts by run and the first atomic step that
// failed (first_failed_step on ATTEMPTED, 1-based); the step's app and relation are in
// the task's path_json, and `kg eval report` names them.
MATCH (r:Run)-[a:ATTEMPTED]->(t:Task {kind: 'path'})
WHERE a.first_failed_step > 0
RETURN r.id AS run, r.agent AS agent, t.level AS level, a.first_failed_step AS step,
       count(a) AS attempts
ORDER BY run, level, step
