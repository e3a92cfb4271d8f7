// analysis_aggregation: how many subsections a section has.
MATCH (s:Section)-[:CONTAINS]->(c:Section)
WHERE ($anchor IS NULL OR s.id = $anchor) AND ($scope IS NULL OR s.id IN $scope)
WITH s, collect(c) AS children
MATCH (d:Document {path: s.file})
RETURN s.id AS anchor, CASE WHEN trim(coalesce(d.title, '')) <> '' THEN d.title ELSE d.name END AS document, trim(s.text) AS title, size(children) AS count,
       s.page AS page, d.id AS document_id,
       [{label: 'Section', id: s.id}, {label: 'Document', id: d.id}]
       + [c IN children | {label: 'Section', id: c.id}] AS grounded
ORDER BY anchor LIMIT $limit
