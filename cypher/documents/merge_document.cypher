// One document with everything it contains, in one transaction: a file is written whole or
// not at all. Elements and chunks the file no longer has (it was edited) are removed first.
// Element labels: every element is a :DocElement plus the label of its kind; the FOREACH
// lines below must name every label of taskspace.sources.documents.model.GRAPH_LABELS.
// Params: $rows = [{id, props, element_ids, chunk_ids,
//                   elements: [{id, label, props}], chunks: [{id, props, elements: [id]}],
//                   has_section / doc_contains: [{end}],
//                   contains / next / refers_to / next_chunk: [{start, end}]}]
UNWIND $rows AS doc
MERGE (d:Document {id: doc.id})
SET d += doc.props
WITH d, doc
CALL (d, doc) {
  MATCH (d)<-[:FROM_DOCUMENT]-(c:Chunk)
  WHERE NOT c.id IN doc.chunk_ids
  DETACH DELETE c
}
CALL (d, doc) {
  MATCH (d)-[:HAS_SECTION|CONTAINS]->+(el:DocElement)
  WHERE NOT el.id IN doc.element_ids
  DETACH DELETE el
}
CALL (doc) {
  UNWIND doc.elements AS row
  MERGE (n:DocElement {id: row.id})
  SET n += row.props
  // An element id is its document's key and position: after an edit the same id may hold
  // another kind of element, and the label of the kind it held goes.
  FOREACH (_ IN CASE WHEN n:Section AND row.label <> 'Section' THEN [1] ELSE [] END | REMOVE n:Section)
  FOREACH (_ IN CASE WHEN n:Paragraph AND row.label <> 'Paragraph' THEN [1] ELSE [] END | REMOVE n:Paragraph)
  FOREACH (_ IN CASE WHEN n:Table AND row.label <> 'Table' THEN [1] ELSE [] END | REMOVE n:Table)
  FOREACH (_ IN CASE WHEN n:Figure AND row.label <> 'Figure' THEN [1] ELSE [] END | REMOVE n:Figure)
  FOREACH (_ IN CASE WHEN n:ListItem AND row.label <> 'ListItem' THEN [1] ELSE [] END | REMOVE n:ListItem)
  FOREACH (_ IN CASE WHEN n:Code AND row.label <> 'Code' THEN [1] ELSE [] END | REMOVE n:Code)
  FOREACH (_ IN CASE row.label WHEN 'Section' THEN [1] ELSE [] END | SET n:Section)
  FOREACH (_ IN CASE row.label WHEN 'Paragraph' THEN [1] ELSE [] END | SET n:Paragraph)
  FOREACH (_ IN CASE row.label WHEN 'Table' THEN [1] ELSE [] END | SET n:Table)
  FOREACH (_ IN CASE row.label WHEN 'Figure' THEN [1] ELSE [] END | SET n:Figure)
  FOREACH (_ IN CASE row.label WHEN 'ListItem' THEN [1] ELSE [] END | SET n:ListItem)
  FOREACH (_ IN CASE row.label WHEN 'Code' THEN [1] ELSE [] END | SET n:Code)
}
CALL (d, doc) {
  UNWIND doc.has_section AS row
  MATCH (s:DocElement {id: row.end})
  MERGE (d)-[:HAS_SECTION]->(s)
}
CALL (d, doc) {
  UNWIND doc.doc_contains AS row
  MATCH (el:DocElement {id: row.end})
  MERGE (d)-[:CONTAINS]->(el)
}
CALL (doc) {
  UNWIND doc.contains AS row
  MATCH (a:DocElement {id: row.start})
  MATCH (b:DocElement {id: row.end})
  MERGE (a)-[:CONTAINS]->(b)
}
CALL (doc) {
  UNWIND doc.next AS row
  MATCH (a:DocElement {id: row.start})
  MATCH (b:DocElement {id: row.end})
  MERGE (a)-[:NEXT]->(b)
}
CALL (doc) {
  UNWIND doc.refers_to AS row
  MATCH (a:DocElement {id: row.start})
  MATCH (b:DocElement {id: row.end})
  MERGE (a)-[:REFERS_TO]->(b)
}
CALL (d, doc) {
  UNWIND doc.chunks AS row
  MERGE (c:Chunk {id: row.id})
  WITH d, c, row, c.text <> row.props.text AS rewritten
  // A chunk id is its document's key and index: after an edit (or another chunking) the
  // same id may hold other text, so the edges of what it held before go.
  CALL (c, row) {
    MATCH (c)-[old:HAS_ELEMENT]->(el:DocElement)
    WHERE NOT el.id IN row.elements
    DELETE old
  }
  CALL (c, rewritten) {
    MATCH (c)-[old:MENTIONS]->(:Entity)
    WHERE rewritten
    DELETE old
  }
  CALL (c, rewritten) {
    MATCH (c)-[old:SIMILAR_TO]-(:Chunk)
    WHERE rewritten
    DELETE old
  }
  SET c += row.props
  MERGE (c)-[:FROM_DOCUMENT]->(d)
  WITH c, row
  UNWIND row.elements AS element_id
  MATCH (el:DocElement {id: element_id})
  MERGE (c)-[:HAS_ELEMENT]->(el)
}
CALL (doc) {
  UNWIND doc.next_chunk AS row
  MATCH (a:Chunk {id: row.start})
  MATCH (b:Chunk {id: row.end})
  MERGE (a)-[:NEXT_CHUNK]->(b)
}
