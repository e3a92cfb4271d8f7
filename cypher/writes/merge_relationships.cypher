// Upsert relationships between existing nodes found by id.
// Slots: {{type}} relationship type, {{start}} / {{end}} endpoint labels.
// Params: $rows = [{start: id, end: id, props: {...}}]
// The WITH between MERGE and SET keeps the planner from adding an Eager barrier.
UNWIND $rows AS row
MATCH (a:{{start}} {id: row.start})
MATCH (b:{{end}} {id: row.end})
MERGE (a)-[r:{{type}}]->(b)
WITH r, row
SET r += coalesce(row.props, {})
