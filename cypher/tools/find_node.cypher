// One node by its id, for agents: its element id, labels and properties. Looked up label by
// label (each has a unique id index); tasks and runs are not among them, they hold the gold.
CALL () {
  MATCH (n:DocElement {id: $node_id}) RETURN n
  UNION MATCH (n:Chunk {id: $node_id}) RETURN n
  UNION MATCH (n:Document {id: $node_id}) RETURN n
  UNION MATCH (n:Entity {id: $node_id}) RETURN n
  UNION MATCH (n:Item {id: $node_id}) RETURN n
  UNION MATCH (n:Property {id: $node_id}) RETURN n
  UNION MATCH (n:Statement {id: $node_id}) RETURN n
  UNION MATCH (n:App {id: $node_id}) RETURN n
  UNION MATCH (n:WebSite {id: $node_id}) RETURN n
  UNION MATCH (n:WebPage {id: $node_id}) RETURN n
  UNION MATCH (n:WebElement {id: $node_id}) RETURN n
  UNION MATCH (n:Episode {id: $node_id}) RETURN n
  UNION MATCH (n:Step {id: $node_id}) RETURN n
  UNION MATCH (n:Screen {id: $node_id}) RETURN n
  UNION MATCH (n:Source {id: $node_id}) RETURN n
}
WITH n LIMIT 1
RETURN elementId(n) AS element_id,
       [label IN labels(n) WHERE label <> 'DocElement'] AS labels,
       properties(n) AS properties
