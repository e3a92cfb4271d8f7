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
// The nearest other section in reading order: the first one along the document's NEXT
// chain (one edge per element, positions growing along it) each way, within 40 steps and
// 40 positions; the nearer of the two, the smaller id on a tie. Each walk stops at its
// first section (LIMIT 1 on a chain) instead of reading all 40 steps both ways; a walk
// that finds none (the document's first or last section) leaves the other one. A section
// and one inside it are no pair: "Existing editions" sits inside "Reference-level
// explanation", and whether it "comes before" it has no clear answer (its heading comes
// after, its text is part of it), so each walk passes over its own sections and
// ancestors. Forward, the first section at its level or above is the first one outside it
// (as in next_section); backward, only a section above its level can hold it, and only
// that one is looked up the tree (a tree lookup at every step cost 30% more).
OPTIONAL CALL (a) {
  MATCH (a)-[:NEXT]->{1,40}(b:Section)
  WHERE b.file = a.file AND trim(b.text) <> trim(a.text)
    AND coalesce(b.level, 1) <= coalesce(a.level, 1)
  RETURN b LIMIT 1
}
OPTIONAL CALL (a) {
  MATCH (a)<-[:NEXT]-{1,40}(b:Section)
  WHERE b.file = a.file AND trim(b.text) <> trim(a.text)
    AND (coalesce(b.level, 1) >= coalesce(a.level, 1)
         OR NOT EXISTS { MATCH (b)-[:CONTAINS]->+(a) })
  RETURN b AS c LIMIT 1
}
UNWIND [x IN [b, c] WHERE x IS NOT NULL AND abs(x.position - a.position) <= 40] AS near
WITH a, near ORDER BY abs(near.position - a.position), near.id
WITH a, head(collect(near)) AS b
// A heading two sections of the document share would not say which one is meant.
WITH * WHERE a.unique_title AND b.unique_title
MATCH (d:Document {path: a.file})
RETURN a.id AS anchor, d.shown AS document, trim(a.text) AS first, trim(b.text) AS second,
       a.position < b.position AS holds, a.page AS page, d.id AS document_id,
       [{label: 'Section', id: a.id}, {label: 'Section', id: b.id},
        {label: 'Document', id: d.id}] AS grounded
ORDER BY anchor LIMIT $limit
