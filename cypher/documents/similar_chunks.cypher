// SIMILAR_TO between the chunks of one document and their nearest neighbours in the whole
// graph, through the chunk_embedding vector index. The index scores cosine as (1 + cos) / 2;
// the edge keeps the plain cosine, and the threshold applies to it. One direction per pair
// (smaller id -> larger id), MERGEd, so loading again or in another order adds nothing.
// Params: $document (Document id), $neighbours (k), $threshold (cosine)
MATCH (c:Chunk)-[:FROM_DOCUMENT]->(:Document {id: $document})
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
