// ATTEMPTED from a run to each task it scored, one edge per task and epoch.
// Params: $run = :Run id, $rows = [{task, epoch, props}]
UNWIND $rows AS row
MATCH (r:Run {id: $run})
MATCH (t:Task {id: row.task})
MERGE (r)-[a:ATTEMPTED {epoch: row.epoch}]->(t)
SET a += row.props
