// One chunk that has an embedding, if any: tells an empty graph from a question with no hits.
MATCH (chunk:Chunk)
WHERE chunk.embedding IS NOT NULL
RETURN chunk.id AS id
LIMIT 1
