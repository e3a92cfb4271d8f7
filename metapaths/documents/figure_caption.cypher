// figure_interpretation: what a numbered figure shows, read from its caption.
// Anchors: the given ones ($anchors) through the id index, else the first $scan in id
// order, so that sampling does the same work however large the graph is.
CALL () {
  MATCH (f:Figure) WHERE f.id IN $anchors RETURN f
  UNION ALL
  MATCH (f:Figure) WHERE f.id IS NOT NULL RETURN f ORDER BY f.id LIMIT $scan
}
WITH f WHERE f.number IS NOT NULL AND size(coalesce(f.caption, f.text, '')) > 10
MATCH (d:Document {path: f.file})
RETURN f.id AS anchor, CASE WHEN trim(coalesce(d.title, '')) <> '' THEN d.title ELSE d.name END AS document, f.number AS number,
       coalesce(f.caption, f.text) AS caption, f.page AS page, d.id AS document_id,
       [{label: 'Figure', id: f.id}, {label: 'Document', id: d.id}] AS grounded
ORDER BY anchor LIMIT $limit
