// The per-step metrics of one step-level run, one row per step attempt.
// Params: $run = :Run id
MATCH (r:Run {id: $run})-[a:ATTEMPTED]->(s:Step)<-[:HAS_STEP]-(e:Episode)
RETURN e.key AS episode, s.index AS index, properties(a) AS metrics
ORDER BY episode, index
