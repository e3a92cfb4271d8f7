// table_numerical: one cell of a table, addressed by its row label and column header.
MATCH (t:Table)
WHERE t.rows_json IS NOT NULL
  AND ($anchor IS NULL OR t.id = $anchor) AND ($scope IS NULL OR t.id IN $scope)
MATCH (d:Document {path: t.file})
RETURN t.id AS anchor, d.title AS document, coalesce(t.caption, 'the table on page ' +
       toString(t.page)) AS caption, t.rows_json AS rows_json, t.position AS position,
       t.page AS page, d.id AS document_id,
       [{label: 'Table', id: t.id}, {label: 'Document', id: d.id}] AS grounded
ORDER BY anchor LIMIT $limit
