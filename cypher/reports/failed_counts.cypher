// Per selected run, how many of its attempts on tasks failed.
// Params: $runs = [run id]
MATCH (r:Run)-[a:ATTEMPTED]->(:Task)
WHERE r.id IN $runs AND NOT coalesce(a.success, false)
RETURN r.id AS run, count(a) AS failed
