// sequence_order: the section that comes right after a given one in reading order.
// Anchors: the given ones ($anchors) through the id index, else the seeded window: $scan
// in id order from $start (after the label's id prefix), wrapping to the first ids, so
// that sampling does the same work however large the graph is and seeds cover all of it.
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
// The next section in reading order is the first one along the document's NEXT chain:
// a walk of a few elements, not a look at all the document's sections.
CALL (s) {
  MATCH (s)-[:NEXT]->+(t:Section) WHERE t.file = s.file
  RETURN t LIMIT 1
}
// The next heading in reading order is the answer only when it is not inside the section
// asked about (a subsection would leave "the next section" open), and only one section
// carries its heading.
WITH s, t WHERE trim(t.text) <> trim(s.text) AND t.unique_title
  AND coalesce(t.level, 1) <= coalesce(s.level, 1)
// A heading two sections of the document share would not say which one is meant.
WITH * WHERE s.unique_title
MATCH (d:Document {path: s.file})
RETURN s.id AS anchor, d.shown AS document, trim(s.text) AS title, trim(t.text) AS next_title,
       s.page AS page, d.id AS document_id,
       [{label: 'Section', id: s.id}, {label: 'Section', id: t.id},
        {label: 'Document', id: d.id}] AS grounded
ORDER BY anchor LIMIT $limit
