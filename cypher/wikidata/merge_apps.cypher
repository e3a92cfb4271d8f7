// App information spaces: (:App)-[:ROOT_CLASS]->(:Item) for each root class. Root items
// are created bare when absent (smallest source id among bare mentions, as for claims);
// ROOT_CLASS edges no longer in the spec are removed.
// Params: $rows = [{id: "app:<name>", roots: [QID], props: {...}}]
UNWIND $rows AS row
MERGE (a:App {id: row.id})
SET a += row.props
WITH a, row
CALL (a, row) {
  OPTIONAL MATCH (a)-[old:ROOT_CLASS]->(c:Item)
  WHERE NOT c.id IN row.roots
  DELETE old
}
WITH a, row
UNWIND row.roots AS root
MERGE (c:Item {id: root})
ON CREATE SET c:Entity, c.qid = root, c.source = row.props.source
ON MATCH SET c.source = CASE
  WHEN c.lang IS NULL AND row.props.source < c.source THEN row.props.source ELSE c.source END
MERGE (a)-[:ROOT_CLASS]->(c)
