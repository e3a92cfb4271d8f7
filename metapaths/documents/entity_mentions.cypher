// aggregation: how many paragraphs of a document mention an entity (MENTIONS counted).
// The anchor is the document's first paragraph that mentions it, so that the task sits on
// text (for relevance and de-duplication) and each entity is counted once per document.
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
WHERE size(e.label) >= 4 AND e.kind IN ['name', 'title']
MATCH (d:Document {path: p.file})
WHERE NOT toLower(coalesce(d.title, '')) CONTAINS toLower(e.label)
// Per document, its paragraphs are read once, however many anchors it holds: their texts,
// and the paragraphs that mention each entity. Reading from the document keeps the cost to
// its own size; reading the entity's mentions instead grows with the whole graph (an entity
// named across a large corpus has its mentions in every file).
WITH d, collect([p, e]) AS anchors
CALL (d) {
  MATCH (d)-[:HAS_SECTION|CONTAINS]->+(q:Paragraph)
  OPTIONAL MATCH (q)-[:MENTIONS]->(m:Entity)
  WITH q, collect(m.id) AS named
  RETURN collect(q.text) AS texts, collect([q, named]) AS mentioning
}
UNWIND anchors AS anchor
WITH anchor[0] AS p, d, anchor[1] AS e, texts, mentioning
WITH p, d, e, texts, [x IN mentioning WHERE e.id IN x[1] | x[0]] AS paragraphs
// The anchor is the first of them.
WHERE size(paragraphs) >= 2 AND none(q IN paragraphs WHERE coalesce(q.position < p.position, false))
// The count a reader gets by searching the text for the name is the same: no paragraph
// holds the name inside another ("Valdoria" in "Valdoria Port Authority") or unlinked.
WITH p, d, e, paragraphs, texts
WHERE size([t IN texts WHERE t CONTAINS e.label]) = size(paragraphs)
WITH p, d, e, paragraphs ORDER BY size(e.label) DESC, e.id
WITH p, d, head(collect([e, paragraphs])) AS pick
WITH p, d, pick[0] AS e, pick[1] AS paragraphs
RETURN p.id AS anchor, d.shown AS document,
       e.label AS entity, size(paragraphs) AS count, p.page AS page, d.id AS document_id,
       [{label: 'Entity', id: e.id}, {label: 'Document', id: d.id}]
       + [q IN paragraphs | {label: 'Paragraph', id: q.id}] AS grounded
ORDER BY anchor LIMIT $limit
