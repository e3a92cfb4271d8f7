// Tail appended by neo4j-graphrag's VectorCypherRetriever / HybridCypherRetriever: `node` is
// a Chunk the index found, `score` its score. Expands each chunk to its neighbourhood: the
// sections enclosing its elements (outermost first), the chunks before and after it, and the
// entities it mentions most. Every relationship type is named; nothing else is reached.
// Params: $entity_limit (most entities per chunk)
WITH node AS chunk, score
OPTIONAL MATCH (chunk)-[:FROM_DOCUMENT]->(document:Document)
CALL (chunk) {
  OPTIONAL MATCH (chunk)-[:HAS_ELEMENT]->(:DocElement)<-[:CONTAINS*0..8]-(section:Section)
  WITH DISTINCT section
  ORDER BY section.level, section.position
  RETURN collect(section.id) AS sections
}
CALL (chunk) {
  OPTIONAL MATCH (chunk)-[:NEXT_CHUNK]-(neighbour:Chunk)
  RETURN collect(DISTINCT neighbour.id) AS neighbours
}
CALL (chunk) {
  OPTIONAL MATCH (chunk)-[mention:MENTIONS]->(entity:Entity)
  WITH entity, mention
  ORDER BY mention.count DESC, entity.id
  LIMIT $entity_limit
  RETURN collect(entity.id) AS entities
}
RETURN chunk.id AS node_id, 'Chunk' AS label, chunk.text AS text, score,
       coalesce(document.title, document.name) AS document,
       coalesce(chunk.heading_path, []) AS heading_path,
       coalesce(chunk.heading_paths, []) AS heading_paths,
       sections + neighbours + entities AS related_ids
ORDER BY score DESC
