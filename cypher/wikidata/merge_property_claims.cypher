// Truthy claims whose subject is a property (P57 P31 Q…): (:Property)-[:{{type}}]->(:Item),
// as rdflib-neo4j keeps them, so no triple of a dump is left out without a word. The
// value item is created bare when absent (as in merge_claims_plain); the property exists
// already (its own row is written first in the round).
// Slots: {{type}} property id. Params: $rows = [{start, end}], $source.
UNWIND $rows AS row
MERGE (b:Item {id: row.end})
ON CREATE SET b:Entity, b.qid = row.end, b.source = $source
ON MATCH SET b.source = CASE
  WHEN b.lang IS NULL AND $source < b.source THEN $source ELSE b.source END
WITH b, row
MATCH (a:Property {id: row.start})
MERGE (a)-[:{{type}}]->(b)
