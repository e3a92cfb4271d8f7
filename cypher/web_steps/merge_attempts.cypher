// A step-level run's results: ATTEMPTED from the run to each episode (the task's means,
// success) and to each of its steps (that step's metrics as properties).
// Params: $run = :Run id, $rows = [{episode, epoch, props, steps: [{step, props}]}]
UNWIND $rows AS row
MATCH (r:Run {id: $run})
MATCH (e:Episode {id: row.episode})
MERGE (r)-[a:ATTEMPTED {epoch: row.epoch}]->(e)
SET a += row.props
WITH r, row
UNWIND row.steps AS st
MATCH (s:Step {id: st.step})
MERGE (r)-[b:ATTEMPTED {epoch: row.epoch}]->(s)
SET b += st.props
