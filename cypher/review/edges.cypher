// Relationships that join two grounding nodes (from nodes of one label), for the review
// page's subgraph. Slots: {{label}} (validated). Params: $ids = the label's node ids,
// $all = every grounding node id of the tasks under review.
MATCH (a:{{label}})
WHERE a.id IN $ids
MATCH (a)-[r]->(b)
WHERE b.id IN $all
RETURN DISTINCT a.id AS start, type(r) AS type, b.id AS end
