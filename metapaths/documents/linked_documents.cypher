// cross_document_link: which documents a document links to or declares it requires.
// Anchors: the given ones ($anchors) through the id index, else the seeded window: $scan
// in id order from $start (after the label's id prefix), wrapping to the first ids, so
// that sampling does the same work however large the graph is and seeds cover all of it.
CALL () {
  MATCH (d:Document) WHERE d.id IN $anchors RETURN d
  UNION ALL
  MATCH (first:Document) WHERE first.id IS NOT NULL
  WITH first ORDER BY first.id LIMIT 1
  WITH CASE WHEN first.id CONTAINS ':' THEN split(first.id, ':')[0] + ':' ELSE '' END + $start AS from
  CALL (from) {
    MATCH (d:Document) WHERE d.id >= from
    WITH d ORDER BY d.id LIMIT $scan
    RETURN collect(d) AS after
  }
  CALL (from, after) {
    // an empty range once the window is full: the seek below then reads nothing
    WITH CASE WHEN size(after) < $scan THEN from ELSE '' END AS until
    MATCH (d:Document) WHERE d.id < until
    WITH d ORDER BY d.id LIMIT $scan
    RETURN collect(d) AS before
  }
  UNWIND after + before[0..$scan - size(after)] AS d
  RETURN d
}
MATCH (d)-[:LINKS_TO]->(o:Document)
WITH d, o ORDER BY o.shown
WITH d, collect(o) AS linked
// A linked document no name tells apart leaves the list without a right answer: no row.
WITH d, linked WHERE all(o IN linked WHERE o.shown IS NOT NULL)
RETURN d.id AS anchor, d.shown AS document, [o IN linked | o.shown] AS linked_titles,
       null AS page, d.id AS document_id,
       [{label: 'Document', id: d.id}] + [o IN linked | {label: 'Document', id: o.id}] AS grounded
ORDER BY anchor LIMIT $limit
