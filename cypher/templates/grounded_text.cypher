// The text of a task's grounded nodes, for the LLM that writes the task instance.
// Params: $ids (node ids). Each node is found through an id index (one seek per family
// label); its text is its heading or passage, a document's title, an entity's label or a
// figure's caption, whichever it has.
UNWIND $ids AS id
CALL (id) {
  MATCH (n:DocElement {id: id}) RETURN n
  UNION
  MATCH (n:Document {id: id}) RETURN n
  UNION
  MATCH (n:Entity {id: id}) RETURN n
}
RETURN id, [label IN labels(n) WHERE label <> 'DocElement'][0] AS label,
       trim(coalesce(n.caption, n.text, n.title, n.name, n.label, '')) AS text,
       n.heading_path AS heading_path
