// Tail appended by neo4j-graphrag's vector and hybrid retrievers: `node` is a Chunk the
// index found, `score` its score. Returns one retrieved item, without expansion.
WITH node AS chunk, score
OPTIONAL MATCH (chunk)-[:FROM_DOCUMENT]->(document:Document)
RETURN chunk.id AS node_id, 'Chunk' AS label, chunk.text AS text, score,
       coalesce(document.title, document.name) AS document,
       coalesce(chunk.heading_path, []) AS heading_path,
       coalesce(chunk.heading_paths, []) AS heading_paths, [] AS related_ids
ORDER BY score DESC
