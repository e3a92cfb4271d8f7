// Truthy claims whose value is an item: (:Item)-[:{{type}}]->(:Item), one type per
// property id. The value item is created bare in the same pass (id, qid, source) when
// absent, so each claim costs one statement; a bare item keeps the smallest source id
// of the loads that named it (order-free), and an item's own load (lang set) always wins.
// MERGE before MATCH and ON MATCH instead of a conditional FOREACH keep Eager out of the
// plan (measured: about half the time of a bare pass plus MATCH-MATCH-MERGE).
// Slots: {{type}} property id. Params: $rows = [{start, end, props}], $source.
UNWIND $rows AS row
MERGE (b:Item {id: row.end})
ON CREATE SET b:Entity, b.qid = row.end, b.source = $source
ON MATCH SET b.source = CASE
  WHEN b.lang IS NULL AND $source < b.source THEN $source ELSE b.source END
WITH b, row
MATCH (a:Item {id: row.start})
MERGE (a)-[r:{{type}}]->(b)
WITH r, row
SET r += row.props
