// comprehension: a paragraph that names an entity once; the entity is blanked out.
// Anchors: the given ones ($anchors) through the id index, else the seeded window: $scan
// in id order from $start (after the label's id prefix), wrapping to the first ids, so
// that sampling does the same work however large the graph is and seeds cover all of it.
CALL () {
  MATCH (p:Paragraph) WHERE p.id IN $anchors RETURN p
  UNION ALL
  MATCH (first:Paragraph) WHERE first.id IS NOT NULL
  WITH first ORDER BY first.id LIMIT 1
  WITH CASE WHEN first.id CONTAINS ':' THEN split(first.id, ':')[0] + ':' ELSE '' END + $start AS from
  CALL (from) {
    MATCH (p:Paragraph) WHERE p.id >= from
    WITH p ORDER BY p.id LIMIT $scan
    RETURN collect(p) AS after
  }
  CALL (from, after) {
    // an empty range once the window is full: the seek below then reads nothing
    WITH CASE WHEN size(after) < $scan THEN from ELSE '' END AS until
    MATCH (p:Paragraph) WHERE p.id < until
    WITH p ORDER BY p.id LIMIT $scan
    RETURN collect(p) AS before
  }
  UNWIND after + before[0..$scan - size(after)] AS p
  RETURN p
}
MATCH (p)-[:MENTIONS]->(e:Entity)
WHERE size(p.text) >= 60 AND size(p.text) <= 500 AND size(e.label) >= 3
  AND size(split(p.text, e.label)) = 2
WITH p, e ORDER BY size(e.label) DESC, e.id
WITH p, head(collect(e)) AS e
// A heading two sections of the document share would not say which one is meant.
WITH * WHERE coalesce(p.section_unique, true)
MATCH (d:Document {path: p.file})
RETURN p.id AS anchor, d.shown AS document, coalesce(last(p.heading_path), d.title, d.name) AS section,
       p.text AS text, e.label AS entity, p.page AS page, d.id AS document_id,
       [{label: 'Paragraph', id: p.id}, {label: 'Entity', id: e.id},
        {label: 'Document', id: d.id}] AS grounded
ORDER BY anchor LIMIT $limit
