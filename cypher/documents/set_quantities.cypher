// The quantity properties of paragraphs, by id (null removes one: no quantity stated).
// Params: $rows = [{id, props}] (written in batches by BatchedWriter).
UNWIND $rows AS row
MATCH (p:Paragraph {id: row.id})
SET p += row.props
