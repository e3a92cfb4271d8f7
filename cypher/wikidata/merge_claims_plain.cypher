// merge_claims without relationship properties: for inputs with no statements behind
// their truthy claims (N-Triples truthy dumps), one operator less per claim.
// Slots: {{type}} property id. Params: $rows = [{start, end}], $source.
UNWIND $rows AS row
MERGE (b:Item {id: row.end})
ON CREATE SET b:Entity, b.qid = row.end, b.source = $source
ON MATCH SET b.source = CASE
  WHEN b.lang IS NULL AND $source < b.source THEN $source ELSE b.source END
WITH b, row
MATCH (a:Item {id: row.start})
MERGE (a)-[:{{type}}]->(b)
