// Write-cost variant (bench.wikidata_bench --variants), not a loader query: each claim
// written in rdflib-neo4j's shape (MERGE the value node on its key alone, then the
// relationship), keeping only the source the benchmark clears runs by. The value item
// gets neither the :Entity label nor qid, and a bare item's source is never revisited.
// Slots: {{type}} property id. Params: $rows = [{start, end}], $source.
UNWIND $rows AS row
MERGE (b:Item {id: row.end})
ON CREATE SET b.source = $source
WITH b, row
MATCH (a:Property {id: row.start})
MERGE (a)-[:{{type}}]->(b)
