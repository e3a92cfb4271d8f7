// Properties used by claims, statements and property entities. Labels come from the
// property's own entity (merge_nodes); here: existence, source and datatype.
// A property no load described keeps the smallest source id among its mentions, and the
// datatype follows an order-free rule (mapping.preferred_datatype): any datatype beats
// 'string', otherwise the greater name wins; so inputs of different ages that disagree
// give the same graph in any load order.
// Params: $rows = [{id: PID, datatype: string or null}], $source (Source id)
UNWIND $rows AS row
MERGE (p:Property {id: row.id})
ON CREATE SET p.pid = row.id, p.source = $source
ON MATCH SET p.source = CASE
  WHEN p.lang IS NULL AND $source < p.source THEN $source ELSE p.source END
WITH p, row
WHERE row.datatype IS NOT NULL
  AND (p.datatype IS NULL
       OR (row.datatype <> 'string' AND (p.datatype = 'string' OR row.datatype > p.datatype)))
SET p.datatype = row.datatype
