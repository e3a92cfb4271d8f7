// SHARES_ENTITY {count} between documents whose chunks mention at least $min_shared of the
// same entities, for every pair that involves one of $documents. One direction per pair
// (smaller id -> larger id), so loading again or in another order adds nothing; a pair of
// these documents that no longer shares enough (an edited file) loses its edge.
// Params: $documents (Document ids), $min_shared
UNWIND $documents AS doc_id
MATCH (a:Document {id: doc_id})
CALL (a) {
  OPTIONAL MATCH (a)<-[:FROM_DOCUMENT]-(:Chunk)-[:MENTIONS]->(e)
  WITH DISTINCT e
  OPTIONAL MATCH (e)<-[:MENTIONS]-(:Chunk)-[:FROM_DOCUMENT]->(b:Document)
  WHERE b <> a
  WITH b, count(DISTINCT e) AS shared
  WHERE b IS NOT NULL AND shared >= $min_shared
  RETURN collect({b: b, shared: shared}) AS pairs
}
CALL (a, pairs) {
  MATCH (a)-[r:SHARES_ENTITY]-(b:Document)
  WHERE NOT b IN [p IN pairs | p.b]
  DELETE r
}
UNWIND pairs AS pair
WITH a, pair.b AS b, pair.shared AS shared
WITH CASE WHEN a.id < b.id THEN a ELSE b END AS x,
     CASE WHEN a.id < b.id THEN b ELSE a END AS y,
     shared
WITH DISTINCT x, y, shared
MERGE (x)-[r:SHARES_ENTITY]->(y)
SET r.count = shared
