// After a document's entities are written: the MENTIONS of its elements and chunks that
// this load did not write (an edited text, or older extraction rules) go, and so does an
// entity nothing links to any more (never a Wikidata :Item).
// Params: $document = Document id, $stamp = the stamp `documents/merge_entities` wrote.
MATCH (d:Document {id: $document})
CALL (d) {
  MATCH (d)-[:HAS_SECTION|CONTAINS]->+(el:DocElement)
  WITH DISTINCT el
  MATCH (el)-[r:MENTIONS]->(e)
  WHERE r.stamp IS NULL OR r.stamp <> $stamp
  DELETE r
  RETURN collect(DISTINCT e) AS from_elements
}
CALL (d) {
  MATCH (d)<-[:FROM_DOCUMENT]-(:Chunk)-[r:MENTIONS]->(e)
  WHERE r.stamp IS NULL OR r.stamp <> $stamp
  DELETE r
  RETURN collect(DISTINCT e) AS from_chunks
}
UNWIND from_elements + from_chunks AS e
WITH DISTINCT e
WHERE NOT e:Item AND NOT EXISTS { (e)--() }
DELETE e
