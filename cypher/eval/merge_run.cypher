// One :Run per evaluation run; a resumed run keeps its first start.
// Params: $rows = [{id, started, props}]
UNWIND $rows AS row
MERGE (r:Run {id: row.id})
ON CREATE SET r.started = row.started
SET r += row.props
