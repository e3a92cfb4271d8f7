// GROUNDED_IN from tasks to the nodes they were built from, for one target label.
// Slot: {{label}}. Params: $rows = [{task, target}]
UNWIND $rows AS row
MATCH (t:Task {id: row.task})
MATCH (n:{{label}} {id: row.target})
MERGE (t)-[:GROUNDED_IN]->(n)
