// Attempts that did not finish, by run and error type (an exception or a limit); a scored
// causal-path failure's error class (KD, PRE, OE, PE, SCE) is left to path_error_classes.
MATCH (r:Run)-[a:ATTEMPTED]->(:Task)
WHERE a.error_type IS NOT NULL AND NOT a.error_type IN ['KD', 'PRE', 'OE', 'PE', 'SCE']
RETURN r.id AS run, r.agent AS agent, a.error_type AS error_type, count(a) AS attempts
ORDER BY attempts DESC, run, error_type
