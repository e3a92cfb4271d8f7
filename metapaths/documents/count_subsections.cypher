// analysis_aggregation: how many subsections a section has.
// Anchors: the given ones ($anchors) through the id index, else the first $scan in id
// order, so that sampling does the same work however large the graph is.
CALL () {
  MATCH (s:Section) WHERE s.id IN $anchors RETURN s
  UNION ALL
  MATCH (s:Section) WHERE s.id IS NOT NULL RETURN s ORDER BY s.id LIMIT $scan
}
MATCH (s)-[:CONTAINS]->(c:Section)
WITH s, collect(c) AS children
MATCH (d:Document {path: s.file})
RETURN s.id AS anchor, CASE WHEN trim(coalesce(d.title, '')) <> '' THEN d.title ELSE d.name END AS document, trim(s.text) AS title, size(children) AS count,
       s.page AS page, d.id AS document_id,
       [{label: 'Section', id: s.id}, {label: 'Document', id: d.id}]
       + [c IN children | {label: 'Section', id: c.id}] AS grounded
ORDER BY anchor LIMIT $limit
