// Benchmark guard: Wikidata or rdflib-neo4j nodes already in the database (must be 0).
MATCH (n) WHERE n:Item OR n:Property OR n:Statement OR n:App OR n:Resource
RETURN count(n) AS count
