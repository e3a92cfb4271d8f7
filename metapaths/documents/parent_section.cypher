// structure_navigation: the top-level section that a nested section sits under.
// Anchors: the given ones ($anchors) through the id index, else the first $scan in id
// order, so that sampling does the same work however large the graph is.
// A document's own title heading (an H1 equal to the title) does not count as a section.
CALL () {
  MATCH (s:Section) WHERE s.id IN $anchors RETURN s
  UNION ALL
  MATCH (s:Section) WHERE s.id IS NOT NULL RETURN s ORDER BY s.id LIMIT $scan
}
MATCH (d:Document {path: s.file})
WITH s, d, [h IN s.heading_path WHERE trim(h) <> trim(d.title)] AS outer
WHERE size(outer) >= 1
RETURN s.id AS anchor, CASE WHEN trim(coalesce(d.title, '')) <> '' THEN d.title ELSE d.name END AS document, trim(s.text) AS title,
       trim(outer[0]) AS top, s.page AS page, d.id AS document_id,
       [{label: 'Section', id: s.id}, {label: 'Document', id: d.id}] AS grounded
ORDER BY anchor LIMIT $limit
