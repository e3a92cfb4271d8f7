// Benchmark teardown: the constraint rdflib-neo4j creates for its :Resource(uri) nodes.
DROP CONSTRAINT n10s_unique_uri IF EXISTS
