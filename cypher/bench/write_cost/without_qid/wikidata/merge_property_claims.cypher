// Write-cost variant (bench.wikidata_bench --variants), not a loader query: merge_property_claims
// with value items created without their qid property (so no item_qid index entry).
// Slots: {{type}} property id. Params: $rows = [{start, end}], $source.
UNWIND $rows AS row
MERGE (b:Item {id: row.end})
ON CREATE SET b:Entity, b.source = $source
ON MATCH SET b.source = CASE
  WHEN b.lang IS NULL AND $source < b.source THEN $source ELSE b.source END
WITH b, row
MATCH (a:Property {id: row.start})
MERGE (a)-[:{{type}}]->(b)
