// multi_hop_reasoning over four hops: Figure <-REFERS_TO- Paragraph -MENTIONS-> Entity
// <-MENTIONS- Paragraph of another Document. The passage that refers to a figure names
// exactly one entity that exactly one other document also mentions; which document?
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
WITH f WHERE f.number IS NOT NULL
MATCH (p:Paragraph)-[:REFERS_TO]->(f)
MATCH (p)-[:MENTIONS]->(e:Entity) WHERE size(e.label) >= 3
// Two other files are enough to rule an entity out; a mention in any element counts
// (list item, table, caption), as it does for a reader.
CALL (p, e) {
  MATCH (e)<-[:MENTIONS]-(q:DocElement) WHERE q.file <> p.file
  RETURN DISTINCT q.file AS file LIMIT 2
}
WITH f, p, e, collect(file) AS others WHERE size(others) = 1
// A heading names things too ("#### Stack-Only Data: Copy" in a third document): headings
// are no entity source (title case), so the full-text index finds the name there, and a
// third document that heads a section with it rules the entity out.
WITH f, p, e, others WHERE NOT EXISTS {
  CALL db.index.fulltext.queryNodes('doc_text',
         '"' + replace(replace(e.label, '\\', '\\\\'), '"', '\\"') + '"') YIELD node
  WITH node WHERE node:Section AND NOT node.file IN [p.file] + others
  RETURN node
}
WITH f, p, collect([e, others[0]]) AS bridges
// The referring passage names exactly one such entity: the hop is unambiguous.
WHERE size(bridges) = 1
WITH f, p, bridges[0][0] AS e, bridges[0][1] AS other ORDER BY p.position
WITH f, head(collect([p, e, other])) AS pick
WITH f, pick[0] AS p, pick[1] AS e, pick[2] AS other
CALL (e, other) {
  MATCH (e)<-[:MENTIONS]-(q:Paragraph) WHERE q.file = other
  RETURN q ORDER BY q.id LIMIT 1
}
MATCH (d:Document {path: f.file}), (o:Document {path: other})
RETURN f.id AS anchor, d.shown AS document,
       f.number AS number, o.shown AS other_document,
       e.label AS entity, f.page AS page, d.id AS document_id,
       [{label: 'Figure', id: f.id}, {label: 'Paragraph', id: p.id}, {label: 'Entity', id: e.id},
        {label: 'Paragraph', id: q.id}, {label: 'Document', id: d.id}, {label: 'Document', id: o.id}] AS grounded
ORDER BY anchor LIMIT $limit
