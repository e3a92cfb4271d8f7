// Full statements: (:Item)-[:HAS_STATEMENT]->(:Statement)-[:OF_PROPERTY]->(:Property),
// and -[:VALUE]->(:Item) when the value is an item. Items and properties exist already.
// Params: $rows = [{id, item, pid, value_item, props: {...}}]
UNWIND $rows AS row
MERGE (s:Statement {id: row.id})
SET s += row.props
WITH s, row
MATCH (i:Item {id: row.item})
MERGE (i)-[:HAS_STATEMENT]->(s)
WITH s, row
MATCH (p:Property {id: row.pid})
MERGE (s)-[:OF_PROPERTY]->(p)
WITH s, row
WHERE row.value_item IS NOT NULL
MATCH (v:Item {id: row.value_item})
MERGE (s)-[:VALUE]->(v)
