// information_extraction: a numbered section and its title.
MATCH (s:Section)
WHERE s.number IS NOT NULL AND size(trim(s.text)) > 2
  AND ($anchor IS NULL OR s.id = $anchor) AND ($scope IS NULL OR s.id IN $scope)
MATCH (d:Document {path: s.file})
RETURN s.id AS anchor, CASE WHEN trim(coalesce(d.title, '')) <> '' THEN d.title ELSE d.name END AS document, s.number AS number, trim(s.text) AS title,
       s.page AS page, d.id AS document_id,
       [{label: 'Section', id: s.id}, {label: 'Document', id: d.id}] AS grounded
ORDER BY anchor LIMIT $limit
