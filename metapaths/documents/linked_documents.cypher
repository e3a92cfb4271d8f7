// cross_document_link: which documents a document links to or declares it requires.
// Anchors: the given ones ($anchors) through the id index, else the first $scan in id
// order, so that sampling does the same work however large the graph is.
CALL () {
  MATCH (d:Document) WHERE d.id IN $anchors RETURN d
  UNION ALL
  MATCH (d:Document) WHERE d.id IS NOT NULL RETURN d ORDER BY d.id LIMIT $scan
}
MATCH (d)-[:LINKS_TO]->(o:Document)
WITH d, o ORDER BY o.title
WITH d, collect(o) AS linked
RETURN d.id AS anchor, CASE WHEN trim(coalesce(d.title, '')) <> '' THEN d.title ELSE d.name END AS document, [o IN linked | CASE WHEN trim(coalesce(o.title, '')) <> '' THEN o.title ELSE o.name END] AS linked_titles,
       null AS page, d.id AS document_id,
       [{label: 'Document', id: d.id}] + [o IN linked | {label: 'Document', id: o.id}] AS grounded
ORDER BY anchor LIMIT $limit
