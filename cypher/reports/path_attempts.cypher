// Causal-path attempts for the report's NaturalGAIA section: per attempt its run, task,
// level, epoch, success, the step metrics the path scorer wrote (metrics_json: matcr,
// patsr_weighted, patsr_weight, path_weight, first_failed_step) and the task's path_json
// (to name the app and relation of the first failed step), and error_type (the error
// class of a scored failure). Params: $runs = [run id]
MATCH (r:Run)-[a:ATTEMPTED]->(t:Task {kind: 'path'})
WHERE r.id IN $runs
RETURN r.id AS run, r.agent AS agent, r.model AS model, t.id AS task, t.level AS level, a.epoch AS epoch,
       a.success AS success, a.metrics_json AS metrics, t.path_json AS path,
       a.error_type AS error_type
ORDER BY run, task, epoch
