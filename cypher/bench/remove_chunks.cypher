// Removes the retrieval benchmark's synthetic chunks and its :Source.
// Params: $source (the benchmark's :Source id)
MATCH (n {source: $source})
WHERE n:Chunk OR n:Document
CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 5000 ROWS
