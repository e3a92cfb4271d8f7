// The chunk_embedding index alone, no retriever around it: the $candidates nearest chunks
// to $vector (what neo4j-graphrag asks for at k x search ratio).
CALL db.index.vector.queryNodes('chunk_embedding', $candidates, $vector)
YIELD node, score
RETURN node.id AS id, score
