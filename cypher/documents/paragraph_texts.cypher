// Every paragraph of one document with its text: what the quantity rules read again.
// Params: $document = Document id.
MATCH (:Document {id: $document})-[:HAS_SECTION|CONTAINS]->+(p:Paragraph)
RETURN DISTINCT p.id AS id, p.text AS text
