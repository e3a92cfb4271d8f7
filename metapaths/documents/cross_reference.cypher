// cross_reference: a paragraph names "Table N" / "Figure N"; the answer is that caption.
// Anchors: the given ones ($anchors) through the id index, else the seeded window: $scan
// in id order from $start (after the label's id prefix), wrapping to the first ids, so
// that sampling does the same work however large the graph is and seeds cover all of it.
CALL () {
  MATCH (p:DocElement) WHERE p.id IN $anchors RETURN p
  UNION ALL
  MATCH (first:DocElement) WHERE first.id IS NOT NULL
  WITH first ORDER BY first.id LIMIT 1
  WITH CASE WHEN first.id CONTAINS ':' THEN split(first.id, ':')[0] + ':' ELSE '' END + $start AS from
  CALL (from) {
    MATCH (p:DocElement) WHERE p.id >= from
    WITH p ORDER BY p.id LIMIT $scan
    RETURN collect(p) AS after
  }
  CALL (from, after) {
    // an empty range once the window is full: the seek below then reads nothing
    WITH CASE WHEN size(after) < $scan THEN from ELSE '' END AS until
    MATCH (p:DocElement) WHERE p.id < until
    WITH p ORDER BY p.id LIMIT $scan
    RETURN collect(p) AS before
  }
  UNWIND after + before[0..$scan - size(after)] AS p
  RETURN p
}
MATCH (p)-[:REFERS_TO]->(t)
WHERE (t:Table OR t:Figure) AND size(coalesce(t.caption, '')) > 5
WITH p, t ORDER BY t.position
WITH p, head(collect(t)) AS t
// A heading two sections of the document share would not say which one is meant.
WITH * WHERE coalesce(p.section_unique, true)
MATCH (d:Document {path: p.file})
RETURN p.id AS anchor, d.shown AS document, coalesce(last(p.heading_path), d.title, d.name) AS section,
       p.text AS text, CASE WHEN t:Table THEN 'table' ELSE 'figure' END AS target_kind,
       t.number AS number, t.caption AS caption, p.page AS page, d.id AS document_id,
       [{label: 'DocElement', id: p.id}, {label: 'DocElement', id: t.id},
        {label: 'Document', id: d.id}] AS grounded
ORDER BY anchor LIMIT $limit
