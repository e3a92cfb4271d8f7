// Causal-path attempts by run and level: task SR, mean atomic steps passed and MATCR's
// mean ratio of consecutive steps passed from the start (steps_leading / steps_total on
// ATTEMPTED, written by the path scorer). p-ATSR and WPSR: see `kg eval report`.
MATCH (r:Run)-[a:ATTEMPTED]->(t:Task {kind: 'path'})
WHERE a.steps_total > 0
RETURN r.id AS run, r.agent AS agent, t.level AS level, count(a) AS attempts,
       avg(CASE WHEN a.success THEN 1.0 ELSE 0.0 END) AS sr,
       avg(toFloat(a.steps_passed) / a.steps_total) AS atomic_sr,
       avg(toFloat(a.steps_leading) / a.steps_total) AS matcr
ORDER BY run, level
