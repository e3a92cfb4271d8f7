// sequence_order: the section that comes right after a given one in reading order.
MATCH (s:Section)
WHERE ($anchor IS NULL OR s.id = $anchor) AND ($scope IS NULL OR s.id IN $scope)
CALL (s) {
  MATCH (t:Section {file: s.file}) WHERE t.position > s.position
  RETURN t ORDER BY t.position LIMIT 1
}
WITH s, t WHERE trim(t.text) <> trim(s.text)
MATCH (d:Document {path: s.file})
RETURN s.id AS anchor, CASE WHEN trim(coalesce(d.title, '')) <> '' THEN d.title ELSE d.name END AS document, trim(s.text) AS title, trim(t.text) AS next_title,
       s.page AS page, d.id AS document_id,
       [{label: 'Section', id: s.id}, {label: 'Section', id: t.id},
        {label: 'Document', id: d.id}] AS grounded
ORDER BY anchor LIMIT $limit
