// Write-cost variant (bench.wikidata_bench --variants), not a loader query: merge_claims_plain
// with value items created without the :Entity label (so no entity_id index entry).
// Slots: {{type}} property id. Params: $rows = [{start, end}], $source.
UNWIND $rows AS row
MERGE (b:Item {id: row.end})
ON CREATE SET b.qid = row.end, b.source = $source
ON MATCH SET b.source = CASE
  WHEN b.lang IS NULL AND $source < b.source THEN $source ELSE b.source END
WITH b, row
MATCH (a:Item {id: row.start})
MERGE (a)-[:{{type}}]->(b)
