// A node's neighbours with the relationship between them, for agents exploring the graph.
// Tasks, runs and their edges (GROUNDED_IN, ATTEMPTED) are never returned: they hold the gold.
CALL () {
  MATCH (n:DocElement {id: $node_id}) RETURN n
  UNION MATCH (n:Chunk {id: $node_id}) RETURN n
  UNION MATCH (n:Document {id: $node_id}) RETURN n
  UNION MATCH (n:Entity {id: $node_id}) RETURN n
  UNION MATCH (n:Item {id: $node_id}) RETURN n
  UNION MATCH (n:Property {id: $node_id}) RETURN n
  UNION MATCH (n:Statement {id: $node_id}) RETURN n
  UNION MATCH (n:WebSite {id: $node_id}) RETURN n
  UNION MATCH (n:WebPage {id: $node_id}) RETURN n
  UNION MATCH (n:WebElement {id: $node_id}) RETURN n
  UNION MATCH (n:Screen {id: $node_id}) RETURN n
}
WITH n LIMIT 1
MATCH (n)-[r]-(m)
WHERE NOT type(r) IN ['GROUNDED_IN', 'ATTEMPTED'] AND NOT m:Task AND NOT m:Run
RETURN type(r) AS relationship,
       CASE WHEN startNode(r) = n THEN 'out' ELSE 'in' END AS direction,
       m.id AS node_id,
       [label IN labels(m) WHERE label <> 'DocElement'][0] AS label,
       left(coalesce(m.text, m.title, m.name, m.label, ''), 300) AS text
ORDER BY relationship, node_id
LIMIT $limit
