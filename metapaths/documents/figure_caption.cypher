// figure_interpretation: what a numbered figure shows, read from its caption.
MATCH (f:Figure)
WHERE f.number IS NOT NULL AND size(coalesce(f.caption, f.text, '')) > 10
  AND ($anchor IS NULL OR f.id = $anchor) AND ($scope IS NULL OR f.id IN $scope)
MATCH (d:Document {path: f.file})
RETURN f.id AS anchor, CASE WHEN trim(coalesce(d.title, '')) <> '' THEN d.title ELSE d.name END AS document, f.number AS number,
       coalesce(f.caption, f.text) AS caption, f.page AS page, d.id AS document_id,
       [{label: 'Figure', id: f.id}, {label: 'Document', id: d.id}] AS grounded
ORDER BY anchor LIMIT $limit
