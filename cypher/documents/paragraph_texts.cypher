// Every paragraph of some documents with its text: what the quantity rules read again.
// Params: $documents = Document ids.
UNWIND $documents AS document
MATCH (:Document {id: document})-[:HAS_SECTION|CONTAINS]->+(p:Paragraph)
RETURN DISTINCT p.id AS id, p.text AS text
