// What the graph holds for the given documents after a load: the distinct entities their
// chunks mention and the edges resolved in Cypher (similarity, links, shared entities).
// Params: $documents (Document ids)
CALL () {
  MATCH (d:Document)<-[:FROM_DOCUMENT]-(:Chunk)-[:MENTIONS]->(e)
  WHERE d.id IN $documents
  RETURN count(DISTINCT e) AS entities
}
CALL () {
  MATCH (d:Document)<-[:FROM_DOCUMENT]-(:Chunk)-[s:SIMILAR_TO]-(:Chunk)
  WHERE d.id IN $documents
  RETURN count(DISTINCT s) AS similar_to
}
CALL () {
  MATCH (d:Document)-[l:LINKS_TO]->(:Document)
  WHERE d.id IN $documents
  RETURN count(l) AS links_to
}
CALL () {
  MATCH (d:Document)-[x:SHARES_ENTITY]-(:Document)
  WHERE d.id IN $documents
  RETURN count(DISTINCT x) AS shares_entity
}
RETURN entities, similar_to, links_to, shares_entity
