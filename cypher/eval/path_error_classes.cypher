// Causal-path error attribution: failed attempts by run and error class (ATTEMPTED.error_type:
// KD, PRE, OE, PE or SCE for a scored failure; an exception or limit name when the sample
// ended in an error before it was scored).
MATCH (r:Run)-[a:ATTEMPTED]->(t:Task {kind: 'path'})
WHERE a.success = false AND a.error_type IS NOT NULL
RETURN r.id AS run, r.agent AS agent, a.error_type AS error_type, count(a) AS attempts
ORDER BY run, error_type
