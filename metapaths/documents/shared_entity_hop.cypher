// multi_hop_reasoning: section -> entity -> the one other document that also mentions it.
MATCH (p:Paragraph)-[:MENTIONS]->(e:Entity)<-[:MENTIONS]-(q:Paragraph)
WHERE p.file <> q.file AND size(e.label) >= 3
  AND ($anchor IS NULL OR p.id = $anchor) AND ($scope IS NULL OR p.id IN $scope)
WITH p, e, collect(DISTINCT q.file) AS others, collect(q)[0] AS q
WHERE size(others) = 1
WITH p, e, q ORDER BY size(e.label) DESC, e.id
WITH p, head(collect([e, q])) AS pick
WITH p, pick[0] AS e, pick[1] AS q
MATCH (d:Document {path: p.file}), (o:Document {path: q.file})
RETURN p.id AS anchor, CASE WHEN trim(coalesce(d.title, '')) <> '' THEN d.title ELSE d.name END AS document, coalesce(last(p.heading_path), d.title, d.name) AS section,
       e.label AS entity, CASE WHEN trim(coalesce(o.title, '')) <> '' THEN o.title ELSE o.name END AS other_document, p.page AS page, d.id AS document_id,
       [{label: 'Paragraph', id: p.id}, {label: 'Entity', id: e.id},
        {label: 'Paragraph', id: q.id}, {label: 'Document', id: o.id}] AS grounded
ORDER BY anchor LIMIT $limit
