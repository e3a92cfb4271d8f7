// Benchmark teardown: what one run wrote, i.e. our nodes of the given sources, the
// :Source nodes themselves, and rdflib-neo4j's :Resource nodes. Run in auto-commit.
// Params: $sources (Source ids)
MATCH (n) WHERE n.source IN $sources OR (n:Source AND n.id IN $sources) OR n:Resource
CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 10000 ROWS
