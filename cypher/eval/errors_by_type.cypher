// Attempts that did not finish, by run and error type (an exception or a limit).
MATCH (r:Run)-[a:ATTEMPTED]->(:Task)
WHERE a.error_type IS NOT NULL
RETURN r.id AS run, r.agent AS agent, a.error_type AS error_type, count(a) AS attempts
ORDER BY attempts DESC, run, error_type
