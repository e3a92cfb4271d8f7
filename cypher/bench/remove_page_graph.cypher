// Removes the guideline benchmark's synthetic screens (and their transitions).
// Params: $source (the benchmark's :Source id)
MATCH (s:Screen {source: $source})
CALL (s) { DETACH DELETE s } IN TRANSACTIONS OF 5000 ROWS
