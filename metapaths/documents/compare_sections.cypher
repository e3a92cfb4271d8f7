// comparison: two sibling sections with different paragraph counts.
// Anchors: the given ones ($anchors) through the id index, else the seeded window: $scan
// in id order from $start (after the label's id prefix), wrapping to the first ids, so
// that sampling does the same work however large the graph is and seeds cover all of it.
CALL () {
  MATCH (a:Section) WHERE a.id IN $anchors RETURN a
  UNION ALL
  MATCH (first:Section) WHERE first.id IS NOT NULL
  WITH first ORDER BY first.id LIMIT 1
  WITH CASE WHEN first.id CONTAINS ':' THEN split(first.id, ':')[0] + ':' ELSE '' END + $start AS from
  CALL (from) {
    MATCH (a:Section) WHERE a.id >= from
    WITH a ORDER BY a.id LIMIT $scan
    RETURN collect(a) AS after
  }
  CALL (from, after) {
    // an empty range once the window is full: the seek below then reads nothing
    WITH CASE WHEN size(after) < $scan THEN from ELSE '' END AS until
    MATCH (a:Section) WHERE a.id < until
    WITH a ORDER BY a.id LIMIT $scan
    RETURN collect(a) AS before
  }
  UNWIND after + before[0..$scan - size(after)] AS a
  RETURN a
}
MATCH (parent)-[:HAS_SECTION|CONTAINS]->(a)
MATCH (parent)-[:HAS_SECTION|CONTAINS]->(b:Section)
WHERE b.position > a.position
WITH a, b ORDER BY b.position
WITH a, head(collect(b)) AS b WHERE b IS NOT NULL
CALL (a) { OPTIONAL MATCH (a)-[:CONTAINS]->(p:Paragraph) RETURN count(p) AS a_count }
CALL (b) { OPTIONAL MATCH (b)-[:CONTAINS]->(p:Paragraph) RETURN count(p) AS b_count }
WITH a, b, a_count, b_count WHERE a_count <> b_count
MATCH (d:Document {path: a.file})
RETURN a.id AS anchor, CASE WHEN trim(coalesce(d.title, '')) <> '' THEN d.title ELSE d.name END AS document, trim(a.text) AS first, trim(b.text) AS second,
       CASE WHEN a_count > b_count THEN trim(a.text) ELSE trim(b.text) END AS larger,
       a.page AS page, d.id AS document_id,
       [{label: 'Section', id: a.id}, {label: 'Section', id: b.id},
        {label: 'Document', id: d.id}] AS grounded
ORDER BY anchor LIMIT $limit
