// SHARES_ENTITY {count} between documents whose chunks mention at least $min_shared of the
// same entities, for every pair that involves one of $documents. One direction per pair
// (smaller id -> larger id), so loading again or in another order adds nothing.
// Params: $documents (Document ids), $min_shared
UNWIND $documents AS doc_id
MATCH (a:Document {id: doc_id})<-[:FROM_DOCUMENT]-(:Chunk)-[:MENTIONS]->(e)
WITH DISTINCT a, e
MATCH (e)<-[:MENTIONS]-(:Chunk)-[:FROM_DOCUMENT]->(b:Document)
WHERE b <> a
WITH a, b, count(DISTINCT e) AS shared
WHERE shared >= $min_shared
WITH CASE WHEN a.id < b.id THEN a ELSE b END AS x,
     CASE WHEN a.id < b.id THEN b ELSE a END AS y,
     shared
WITH DISTINCT x, y, shared
MERGE (x)-[r:SHARES_ENTITY]->(y)
SET r.count = shared
