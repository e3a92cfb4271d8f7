// SIMILAR_TO for some chunks of a document (a batch of a large one), through the
// chunk_embedding vector index; same rule as documents/similar_chunks: cosine from the
// index's (1 + cos) / 2, one MERGEd edge per pair from the smaller id to the larger.
// Batches keep the transaction, and the server's memory for it, small.
// Params: $chunks (Chunk ids), $neighbours (k), $threshold (cosine)
UNWIND $chunks AS chunk_id
MATCH (c:Chunk {id: chunk_id})
CALL db.index.vector.queryNodes('chunk_embedding', $neighbours + 1, c.embedding)
YIELD node, score
WITH c, node, round(2 * score - 1, 6) AS cosine
WHERE node <> c AND cosine >= $threshold
WITH CASE WHEN c.id < node.id THEN c ELSE node END AS a,
     CASE WHEN c.id < node.id THEN node ELSE c END AS b,
     cosine
WITH a, b, max(cosine) AS cosine
MERGE (a)-[r:SIMILAR_TO]->(b)
SET r.score = cosine
