// One :Run per evaluation run; a resumed run keeps its first start.
// `recorded` is when the graph first heard of the run, to the nanosecond: inspect keeps a
// start and an end to the second, and a run on a warm model can begin and end within one,
// so two runs in a row tie on both; they are recorded in the order they ran.
// Params: $rows = [{id, started, props}]
UNWIND $rows AS row
MERGE (r:Run {id: row.id})
ON CREATE SET r.started = row.started, r.recorded = datetime.realtime()
SET r += row.props
