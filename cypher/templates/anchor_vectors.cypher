// What the graph already holds for each task anchor, so the model need not run: the
// stored vectors of the chunks that hold a document element (or of a document's first
// chunks), or a web element's own stored vector; else, for a web element crawled before
// elements had vectors, what it says, for the model to embed once.
// Params: $anchors (ids). Every lookup goes through an id index.
UNWIND $anchors AS anchor
CALL (anchor) {
  OPTIONAL MATCH (c:Chunk)-[:HAS_ELEMENT]->(:DocElement {id: anchor})
  WITH c WHERE c.embedding IS NOT NULL ORDER BY c.id
  RETURN collect(c.embedding)[0..4] AS held
}
CALL (anchor) {
  OPTIONAL MATCH (:Document {id: anchor})<-[:FROM_DOCUMENT]-(c:Chunk)
  WITH c WHERE c.embedding IS NOT NULL ORDER BY c.index, c.id
  RETURN collect(c.embedding)[0..4] AS opening
}
OPTIONAL MATCH (w:WebElement {id: anchor})
RETURN anchor,
       CASE WHEN size(held) > 0 THEN held
            WHEN w.embedding IS NOT NULL THEN [w.embedding]
            ELSE opening END AS vectors,
       w.name AS name, w.placeholder AS placeholder, w.text AS text
