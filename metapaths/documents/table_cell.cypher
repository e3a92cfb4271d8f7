// table_numerical: one cell of a table, addressed by its row label and column header.
// Anchors: the given ones ($anchors) through the id index, else the seeded window: $scan
// in id order from $start (after the label's id prefix), wrapping to the first ids, so
// that sampling does the same work however large the graph is and seeds cover all of it.
CALL () {
  MATCH (t:Table) WHERE t.id IN $anchors RETURN t
  UNION ALL
  MATCH (first:Table) WHERE first.id IS NOT NULL
  WITH first ORDER BY first.id LIMIT 1
  WITH CASE WHEN first.id CONTAINS ':' THEN split(first.id, ':')[0] + ':' ELSE '' END + $start AS from
  CALL (from) {
    MATCH (t:Table) WHERE t.id >= from
    WITH t ORDER BY t.id LIMIT $scan
    RETURN collect(t) AS after
  }
  CALL (from, after) {
    // an empty range once the window is full: the seek below then reads nothing
    WITH CASE WHEN size(after) < $scan THEN from ELSE '' END AS until
    MATCH (t:Table) WHERE t.id < until
    WITH t ORDER BY t.id LIMIT $scan
    RETURN collect(t) AS before
  }
  UNWIND after + before[0..$scan - size(after)] AS t
  RETURN t
}
WITH t WHERE t.rows_json IS NOT NULL
MATCH (d:Document {path: t.file})
// A table's name: its caption, else where it is. HTML and Markdown tables have no page and
// often no caption; `'…' + toString(null)` is null, so each fallback drops out of the
// coalesce when its value is absent, and the last one (its order among the document's
// tables, found through its tree, not a scan of all tables) always exists.
WITH t, d, CASE WHEN trim(coalesce(t.caption, '')) <> '' THEN trim(t.caption) END AS caption,
     COUNT { MATCH (d)-[:HAS_SECTION|CONTAINS]->+(o:Table) WHERE o.position <= t.position } AS ordinal
RETURN t.id AS anchor,
       d.shown AS document,
       coalesce(caption, 'the table on page ' + toString(t.page),
                'the table under the heading ' + last(t.heading_path),
                'table number ' + toString(ordinal) + ' of the document') AS caption,
       t.rows_json AS rows_json, t.position AS position,
       t.page AS page, d.id AS document_id,
       [{label: 'Table', id: t.id}, {label: 'Document', id: d.id}] AS grounded
ORDER BY anchor LIMIT $limit
