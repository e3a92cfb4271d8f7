// Ids in scope for an objective: chunks above the threshold, the elements they cover,
// the sections those sit in, and their documents, each with its best chunk score.
CALL db.index.vector.queryNodes('chunk_embedding', $k, $vector) YIELD node AS chunk, score
WITH chunk, score WHERE score >= $threshold
MATCH (chunk)-[:FROM_DOCUMENT]->(d:Document)
OPTIONAL MATCH (chunk)-[:HAS_ELEMENT]->(e:DocElement)
OPTIONAL MATCH (s:Section)-[:CONTAINS*1..6]->(e)
WITH score, [chunk.id, d.id, e.id, s.id] AS ids
UNWIND ids AS id
WITH id, max(score) AS score WHERE id IS NOT NULL
RETURN id, score ORDER BY score DESC, id
