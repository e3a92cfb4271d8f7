// Every per-step result of the selected step-level runs (kg eval steps), first epoch:
// the step's metrics are the ATTEMPTED edge's properties.
// Params: $runs = [run id]
MATCH (r:Run)-[a:ATTEMPTED {epoch: 1}]->(s:Step)<-[:HAS_STEP]-(e:Episode)
WHERE r.id IN $runs
RETURN r.id AS run, r.agent AS agent, r.model AS model, e.key AS episode,
       s.index AS index, properties(a) AS metrics
ORDER BY run, episode, index
