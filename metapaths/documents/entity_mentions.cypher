// aggregation: how many paragraphs of a document mention an entity (MENTIONS counted).
// Anchors: the given ones ($anchors) through the id index, else the first $scan in id
// order, so that sampling does the same work however large the graph is.
CALL () {
  MATCH (e:Entity) WHERE e.id IN $anchors RETURN e
  UNION ALL
  MATCH (e:Entity) WHERE e.id IS NOT NULL RETURN e ORDER BY e.id LIMIT $scan
}
WITH e WHERE size(e.label) >= 4 AND e.kind IN ['name', 'title']
MATCH (e)<-[:MENTIONS]-(p:Paragraph)
WITH e, p.file AS file, collect(p) AS paragraphs
// The document that mentions it most (the first by path on a tie), at least twice.
WITH e, file, paragraphs ORDER BY size(paragraphs) DESC, file
WITH e, head(collect([file, paragraphs])) AS pick
WITH e, pick[0] AS file, pick[1] AS paragraphs WHERE size(paragraphs) >= 2
MATCH (d:Document {path: file})
WHERE NOT toLower(coalesce(d.title, '')) CONTAINS toLower(e.label)
// The count a reader gets by searching the text for the name is the same: no paragraph
// holds the name inside another ("Valdoria" in "Valdoria Port Authority") or unlinked.
  AND COUNT { MATCH (d)-[:HAS_SECTION|CONTAINS]->+(q:Paragraph) WHERE q.text CONTAINS e.label } = size(paragraphs)
RETURN e.id AS anchor, CASE WHEN trim(coalesce(d.title, '')) <> '' THEN d.title ELSE d.name END AS document,
       e.label AS entity, size(paragraphs) AS count, null AS page, d.id AS document_id,
       [{label: 'Entity', id: e.id}, {label: 'Document', id: d.id}]
       + [p IN paragraphs | {label: 'Paragraph', id: p.id}] AS grounded
ORDER BY anchor LIMIT $limit
