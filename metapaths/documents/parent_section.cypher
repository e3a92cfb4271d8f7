// structure_navigation: the top-level section that a nested section sits under.
// Anchors: the given ones ($anchors) through the id index, else the seeded window: $scan
// in id order from $start (after the label's id prefix), wrapping to the first ids, so
// that sampling does the same work however large the graph is and seeds cover all of it.
// A document's own title heading (an H1 equal to the title) does not count as a section.
CALL () {
  MATCH (s:Section) WHERE s.id IN $anchors RETURN s
  UNION ALL
  MATCH (first:Section) WHERE first.id IS NOT NULL
  WITH first ORDER BY first.id LIMIT 1
  WITH CASE WHEN first.id CONTAINS ':' THEN split(first.id, ':')[0] + ':' ELSE '' END + $start AS from
  CALL (from) {
    MATCH (s:Section) WHERE s.id >= from
    WITH s ORDER BY s.id LIMIT $scan
    RETURN collect(s) AS after
  }
  CALL (from, after) {
    // an empty range once the window is full: the seek below then reads nothing
    WITH CASE WHEN size(after) < $scan THEN from ELSE '' END AS until
    MATCH (s:Section) WHERE s.id < until
    WITH s ORDER BY s.id LIMIT $scan
    RETURN collect(s) AS before
  }
  UNWIND after + before[0..$scan - size(after)] AS s
  RETURN s
}
// A heading two sections of the document share would not say which one is meant.
WITH * WHERE s.unique_title
MATCH (d:Document {path: s.file})
WITH s, d, [h IN s.heading_path WHERE trim(h) <> trim(d.title)] AS outer
WHERE size(outer) >= 1
RETURN s.id AS anchor, d.shown AS document, trim(s.text) AS title,
       trim(outer[0]) AS top, s.page AS page, d.id AS document_id,
       [{label: 'Section', id: s.id}, {label: 'Document', id: d.id}] AS grounded
ORDER BY anchor LIMIT $limit
