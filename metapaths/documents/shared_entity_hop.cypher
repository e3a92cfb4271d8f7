// multi_hop_reasoning: section -> entity -> the one other document that also mentions it.
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
MATCH (p)-[:MENTIONS]->(e:Entity) WHERE size(e.label) >= 3
// Two other files are enough to rule an entity out: an entity that many documents
// mention is not read in full. A mention in a list item, a table or a caption counts as
// one in a paragraph: a reader who checks "exactly one other document" reads them all.
CALL (p, e) {
  MATCH (e)<-[:MENTIONS]-(q:DocElement) WHERE q.file <> p.file
  RETURN DISTINCT q.file AS file LIMIT 2
}
WITH p, e, collect(file) AS others WHERE size(others) = 1
// A heading names things too ("#### Stack-Only Data: Copy" in a third document): headings
// are no entity source (title case), so the full-text index finds the name there, and a
// third document that heads a section with it rules the entity out.
WITH p, e, others WHERE NOT EXISTS {
  CALL db.index.fulltext.queryNodes('doc_text',
         '"' + replace(replace(e.label, '\\', '\\\\'), '"', '\\"') + '"') YIELD node
  WITH node WHERE node:Section AND NOT node.file IN [p.file] + others
  RETURN node
}
// The other document's paragraph that mentions it: the first by id.
CALL (e, others) {
  MATCH (e)<-[:MENTIONS]-(q:Paragraph) WHERE q.file = others[0]
  RETURN q ORDER BY q.id LIMIT 1
}
WITH p, e, q ORDER BY size(e.label) DESC, e.id
WITH p, head(collect([e, q])) AS pick
WITH p, pick[0] AS e, pick[1] AS q
// A heading two sections of the document share would not say which one is meant.
WITH * WHERE coalesce(p.section_unique, true)
MATCH (d:Document {path: p.file}), (o:Document {path: q.file})
RETURN p.id AS anchor, d.shown AS document, coalesce(last(p.heading_path), d.title, d.name) AS section,
       e.label AS entity, o.shown AS other_document, p.page AS page, d.id AS document_id,
       [{label: 'Paragraph', id: p.id}, {label: 'Entity', id: e.id},
        {label: 'Paragraph', id: q.id}, {label: 'Document', id: o.id}] AS grounded
ORDER BY anchor LIMIT $limit
