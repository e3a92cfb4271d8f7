// Graph walk: question -> entities -> documents that mention them or share entities with
// those -> their chunks, ranked by cosine similarity to the question.
// Seed entities are the full-text hits for the question's words on `entity_names`, plus the
// entities mentioned by the $seed_chunks chunks nearest the question (so a question that
// names no entity still has seeds). Documents are ranked by how many seeds they mention.
// The seed chunks are the best $seed_chunks of $seed_chunks * $search_ratio candidates
// from the approximate index (a larger pool misses fewer of the exact nearest).
// Params: $terms (Lucene query), $vector (384-d), $k, $entity_limit, $seed_chunks,
//         $search_ratio, $document_limit
CALL () {
  CALL db.index.fulltext.queryNodes('entity_names', $terms, {limit: $entity_limit})
  YIELD node
  WITH node WHERE node:Entity
  RETURN node AS entity
  UNION
  CALL db.index.vector.queryNodes('chunk_embedding', $seed_chunks * $search_ratio, $vector)
  YIELD node, score
  WITH node ORDER BY score DESC LIMIT $seed_chunks
  MATCH (node)-[:MENTIONS]->(entity:Entity)
  RETURN entity
}
WITH collect(DISTINCT entity) AS seeds
CALL (seeds) {
  UNWIND seeds AS entity
  MATCH (entity)<-[:MENTIONS]-(:Chunk)-[:FROM_DOCUMENT]->(document:Document)
  WITH document, count(DISTINCT entity) AS shared
  ORDER BY shared DESC, document.id
  LIMIT $document_limit
  RETURN collect(document) AS mentioning
}
CALL (mentioning) {
  UNWIND mentioning AS document
  OPTIONAL MATCH (document)-[:SHARES_ENTITY]-(other:Document)
  RETURN collect(DISTINCT other) AS sharing
}
UNWIND mentioning + sharing AS document
WITH DISTINCT document, seeds
MATCH (chunk:Chunk)-[:FROM_DOCUMENT]->(document)
WHERE chunk.embedding IS NOT NULL
WITH chunk, document, seeds, vector.similarity.cosine(chunk.embedding, $vector) AS score
ORDER BY score DESC, chunk.id
LIMIT $k
CALL (chunk, seeds) {
  OPTIONAL MATCH (chunk)-[:MENTIONS]->(entity:Entity)
  WHERE entity IN seeds
  RETURN collect(entity.id) AS entities
}
RETURN chunk.id AS node_id, 'Chunk' AS label, chunk.text AS text, score,
       coalesce(document.title, document.name) AS document,
       coalesce(chunk.heading_path, []) AS heading_path,
       coalesce(chunk.heading_paths, []) AS heading_paths,
       [document.id] + entities AS related_ids
ORDER BY score DESC, node_id
