// figure_interpretation: what a numbered figure shows, read from its caption.
// Anchors: the given ones ($anchors) through the id index, else the seeded window: $scan
// in id order from $start (after the label's id prefix), wrapping to the first ids, so
// that sampling does the same work however large the graph is and seeds cover all of it.
CALL () {
  MATCH (f:Figure) WHERE f.id IN $anchors RETURN f
  UNION ALL
  MATCH (first:Figure) WHERE first.id IS NOT NULL
  WITH first ORDER BY first.id LIMIT 1
  WITH CASE WHEN first.id CONTAINS ':' THEN split(first.id, ':')[0] + ':' ELSE '' END + $start AS from
  CALL (from) {
    MATCH (f:Figure) WHERE f.id >= from
    WITH f ORDER BY f.id LIMIT $scan
    RETURN collect(f) AS after
  }
  CALL (from, after) {
    // an empty range once the window is full: the seek below then reads nothing
    WITH CASE WHEN size(after) < $scan THEN from ELSE '' END AS until
    MATCH (f:Figure) WHERE f.id < until
    WITH f ORDER BY f.id LIMIT $scan
    RETURN collect(f) AS before
  }
  UNWIND after + before[0..$scan - size(after)] AS f
  RETURN f
}
WITH f WHERE f.number IS NOT NULL AND size(coalesce(f.caption, f.text, '')) > 10
MATCH (d:Document {path: f.file})
RETURN f.id AS anchor, CASE WHEN trim(coalesce(d.title, '')) <> '' THEN d.title ELSE d.name END AS document, f.number AS number,
       coalesce(f.caption, f.text) AS caption, f.page AS page, d.id AS document_id,
       [{label: 'Figure', id: f.id}, {label: 'Document', id: d.id}] AS grounded
ORDER BY anchor LIMIT $limit
