// structure_navigation: the top-level section that a nested section sits under.
// A document's own title heading (an H1 equal to the title) does not count as a section.
MATCH (s:Section)
WHERE ($anchor IS NULL OR s.id = $anchor) AND ($scope IS NULL OR s.id IN $scope)
MATCH (d:Document {path: s.file})
WITH s, d, [h IN s.heading_path WHERE trim(h) <> trim(d.title)] AS outer
WHERE size(outer) >= 1
RETURN s.id AS anchor, CASE WHEN trim(coalesce(d.title, '')) <> '' THEN d.title ELSE d.name END AS document, trim(s.text) AS title,
       trim(outer[0]) AS top, s.page AS page, d.id AS document_id,
       [{label: 'Section', id: s.id}, {label: 'Document', id: d.id}] AS grounded
ORDER BY anchor LIMIT $limit
