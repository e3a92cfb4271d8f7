// fact_verification: a claim about the order of two sections; true and false claims alike.
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
// The sections within 40 positions along the document's NEXT chain (reading order, one
// edge per element): at most 40 steps each way, not a walk of the whole document tree.
// Positions only grow along the chain, so every section within 40 positions is reached.
MATCH (a)-[:NEXT]-{1,40}(b:Section)
WHERE b.file = a.file AND abs(b.position - a.position) <= 40 AND trim(b.text) <> trim(a.text)
WITH a, b ORDER BY abs(b.position - a.position), b.id
WITH a, head(collect(b)) AS b WHERE b IS NOT NULL
// A heading two sections of the document share would not say which one is meant.
WITH * WHERE a.unique_title AND b.unique_title
MATCH (d:Document {path: a.file})
RETURN a.id AS anchor, CASE WHEN trim(coalesce(d.title, '')) <> '' THEN d.title ELSE d.name END AS document, trim(a.text) AS first, trim(b.text) AS second,
       a.position < b.position AS holds, a.page AS page, d.id AS document_id,
       [{label: 'Section', id: a.id}, {label: 'Section', id: b.id},
        {label: 'Document', id: d.id}] AS grounded
ORDER BY anchor LIMIT $limit
