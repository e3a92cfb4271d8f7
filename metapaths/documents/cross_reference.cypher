// cross_reference: a paragraph names "Table N" / "Figure N"; the answer is that caption.
MATCH (p:DocElement)-[:REFERS_TO]->(t)
WHERE (t:Table OR t:Figure) AND size(coalesce(t.caption, '')) > 5
  AND ($anchor IS NULL OR p.id = $anchor) AND ($scope IS NULL OR p.id IN $scope)
WITH p, t ORDER BY t.position
WITH p, head(collect(t)) AS t
MATCH (d:Document {path: p.file})
RETURN p.id AS anchor, CASE WHEN trim(coalesce(d.title, '')) <> '' THEN d.title ELSE d.name END AS document, coalesce(last(p.heading_path), d.title, d.name) AS section,
       p.text AS text, CASE WHEN t:Table THEN 'table' ELSE 'figure' END AS target_kind,
       t.number AS number, t.caption AS caption, p.page AS page, d.id AS document_id,
       [{label: 'DocElement', id: p.id}, {label: 'DocElement', id: t.id},
        {label: 'Document', id: d.id}] AS grounded
ORDER BY anchor LIMIT $limit
