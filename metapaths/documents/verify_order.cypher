// fact_verification: a claim about the order of two sections; true and false claims alike.
MATCH (a:Section)
WHERE ($anchor IS NULL OR a.id = $anchor) AND ($scope IS NULL OR a.id IN $scope)
MATCH (b:Section {file: a.file})
WHERE b.id <> a.id AND abs(b.position - a.position) <= 40 AND trim(b.text) <> trim(a.text)
WITH a, b ORDER BY abs(b.position - a.position), b.id
WITH a, head(collect(b)) AS b WHERE b IS NOT NULL
MATCH (d:Document {path: a.file})
RETURN a.id AS anchor, CASE WHEN trim(coalesce(d.title, '')) <> '' THEN d.title ELSE d.name END AS document, trim(a.text) AS first, trim(b.text) AS second,
       a.position < b.position AS holds, a.page AS page, d.id AS document_id,
       [{label: 'Section', id: a.id}, {label: 'Section', id: b.id},
        {label: 'Document', id: d.id}] AS grounded
ORDER BY anchor LIMIT $limit
