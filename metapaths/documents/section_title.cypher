// information_extraction: a numbered section and its title.
// Anchors: the given ones ($anchors) through the id index, else the first $scan in id
// order, so that sampling does the same work however large the graph is.
CALL () {
  MATCH (s:Section) WHERE s.id IN $anchors RETURN s
  UNION ALL
  MATCH (s:Section) WHERE s.id IS NOT NULL RETURN s ORDER BY s.id LIMIT $scan
}
WITH s WHERE s.number IS NOT NULL AND size(trim(s.text)) > 2
MATCH (d:Document {path: s.file})
RETURN s.id AS anchor, CASE WHEN trim(coalesce(d.title, '')) <> '' THEN d.title ELSE d.name END AS document, s.number AS number, trim(s.text) AS title,
       s.page AS page, d.id AS document_id,
       [{label: 'Section', id: s.id}, {label: 'Document', id: d.id}] AS grounded
ORDER BY anchor LIMIT $limit
