// After a document's parts are written: its HAS_SECTION and CONTAINS edges to elements
// that are no longer top-level (an edited file) go.
// Params: $document = Document id, $has_section and $doc_contains = the element ids its
//         edges of that kind now end at.
MATCH (d:Document {id: $document})
CALL (d) {
  MATCH (d)-[r:HAS_SECTION]->(m:DocElement) WHERE NOT m.id IN $has_section DELETE r
}
CALL (d) {
  MATCH (d)-[r:CONTAINS]->(m:DocElement) WHERE NOT m.id IN $doc_contains DELETE r
}
