// Items named only as statement values: created bare (id, qid, source), never overwritten
// by another bare mention, so an item's own load (which sets lang, label, ...) wins in any
// order. A bare item named by several loads keeps the smallest source id, which does not
// depend on the order of the loads.
// Params: $rows = [{id: QID}], $source (Source id)
UNWIND $rows AS row
MERGE (n:Item {id: row.id})
ON CREATE SET n:Entity, n.qid = row.id, n.source = $source
ON MATCH SET n.source = CASE
  WHEN n.lang IS NULL AND $source < n.source THEN $source ELSE n.source END
