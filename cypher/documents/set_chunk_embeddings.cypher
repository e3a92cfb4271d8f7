// Store each chunk's 384-d embedding as a float vector (what the chunk_embedding index reads).
// Params: $rows = [{id, embedding}]
UNWIND $rows AS row
MATCH (c:Chunk {id: row.id})
CALL db.create.setNodeVectorProperty(c, 'embedding', row.embedding)
