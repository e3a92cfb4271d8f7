// The k chunks nearest a question's vector, with where they sit in their document.
CALL db.index.vector.queryNodes('chunk_embedding', $k, $vector) YIELD node AS chunk, score
OPTIONAL MATCH (chunk)-[:FROM_DOCUMENT]->(document:Document)
RETURN chunk.id AS node_id, 'Chunk' AS label, chunk.text AS text, score,
       coalesce(document.title, document.name) AS document,
       coalesce(chunk.heading_path, []) AS heading_path, [] AS related_ids
ORDER BY score DESC
