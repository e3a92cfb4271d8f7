// Upsert nodes by id on their primary label, then add every label of the family.
// Slots: {{label}} primary label (has the uniqueness constraint), {{labels}} all labels.
// Params: $rows = [{id: ..., props: {...}}]
// The WITH between MERGE and SET keeps the planner from adding an Eager barrier.
UNWIND $rows AS row
MERGE (n:{{label}} {id: row.id})
WITH n, row
SET n += row.props, n:{{labels}}
