// table_numerical: one cell of a table, addressed by its row label and column header.
MATCH (t:Table)
WHERE t.rows_json IS NOT NULL
  AND ($anchor IS NULL OR t.id = $anchor) AND ($scope IS NULL OR t.id IN $scope)
MATCH (d:Document {path: t.file})
// A table's name: its caption, else where it is. HTML and Markdown tables have no page and
// often no caption; `'…' + toString(null)` is null, so each fallback drops out of the
// coalesce when its value is absent, and the last one (its order among the document's
// tables) always exists.
WITH t, d, CASE WHEN trim(coalesce(t.caption, '')) <> '' THEN trim(t.caption) END AS caption,
     COUNT { MATCH (o:Table {file: t.file}) WHERE o.position <= t.position } AS ordinal
RETURN t.id AS anchor,
       CASE WHEN trim(coalesce(d.title, '')) <> '' THEN d.title ELSE d.name END AS document,
       coalesce(caption, 'the table on page ' + toString(t.page),
                'the table under the heading ' + last(t.heading_path),
                'table number ' + toString(ordinal) + ' of the document') AS caption,
       t.rows_json AS rows_json, t.position AS position,
       t.page AS page, d.id AS document_id,
       [{label: 'Table', id: t.id}, {label: 'Document', id: d.id}] AS grounded
ORDER BY anchor LIMIT $limit
