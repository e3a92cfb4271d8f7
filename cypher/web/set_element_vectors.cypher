// `embedding` on web elements, by id.
// Params: $rows = [{id, embedding}] (written in batches by BatchedWriter).
UNWIND $rows AS row
MATCH (w:WebElement {id: row.id})
SET w.embedding = row.embedding
