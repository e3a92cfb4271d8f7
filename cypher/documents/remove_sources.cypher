// Remove everything that the given loads wrote (nodes whose `source` is one of $sources, and
// those :Source nodes). Nodes that other loads wrote, such as known entities a document was
// linked to, stay; only the edges to removed nodes go with them.
// Params: $sources (Source ids)
MATCH (n)
WHERE n.source IN $sources OR (n:Source AND n.id IN $sources)
CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 5000 ROWS
