// cross_document_link: which documents a document links to or declares it requires.
MATCH (d:Document)-[:LINKS_TO]->(o:Document)
WHERE ($anchor IS NULL OR d.id = $anchor) AND ($scope IS NULL OR d.id IN $scope)
WITH d, o ORDER BY o.title
WITH d, collect(o) AS linked
RETURN d.id AS anchor, CASE WHEN trim(coalesce(d.title, '')) <> '' THEN d.title ELSE d.name END AS document, [o IN linked | CASE WHEN trim(coalesce(o.title, '')) <> '' THEN o.title ELSE o.name END] AS linked_titles,
       null AS page, d.id AS document_id,
       [{label: 'Document', id: d.id}] + [o IN linked | {label: 'Document', id: o.id}] AS grounded
ORDER BY anchor LIMIT $limit
