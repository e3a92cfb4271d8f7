// One hop of a k-hop neighbourhood: the nodes one edge of the given types away from the
// given ones, either direction. Params: $ids (node ids), $types (edge types; empty: any).
// Each node is found through an id index (one seek per family label).
UNWIND $ids AS id
CALL (id) {
  MATCH (n:DocElement {id: id}) RETURN n
  UNION
  MATCH (n:Document {id: id}) RETURN n
  UNION
  MATCH (n:Entity {id: id}) RETURN n
  UNION
  MATCH (n:Chunk {id: id}) RETURN n
}
MATCH (n)-[r]-(m)
WHERE (size($types) = 0 OR type(r) IN $types) AND m.id IS NOT NULL
RETURN DISTINCT m.id AS id
