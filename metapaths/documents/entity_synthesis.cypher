// synthesis: two documents joined through a shared entity. A section of one document names
// exactly one entity that another document also mentions; the other document mentions it
// under one heading. Answering needs both documents: which entity, and where in the other.
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
// Only a section whose own heading says which one is meant is worth the reads below.
WITH s WHERE size(trim(s.text)) > 2
  // A heading two sections of the document share would not say which one is meant.
  AND s.unique_title
  // A reference list or a list of links names the works cited, not what the section is about.
  AND none(h IN coalesce(s.heading_path, []) + [s.text] WHERE toLower(trim(h)) IN ['references', 'bibliography', 'citations', 'citation', 'footnotes', 'notes', 'external links', 'see also', 'further reading', 'acknowledgments', 'acknowledgements'])
// What the section names is read from all its elements (paragraphs, list items, tables,
// captions), and so is what another document mentions: a reader checking "exactly one"
// and "under which heading" reads them all.
MATCH (s)-[:CONTAINS]->(p:DocElement)-[:MENTIONS]->(e:Entity) WHERE size(e.label) >= 3
WITH s, e, collect(p) AS here
// A section that names an entity mentioned in more than 1,000 paragraphs is left out: its
// mentions would be read whole (every file, every heading) for one window, so the cost and
// the memory would grow with the graph, and without them "exactly one shared entity"
// below could not be checked. The count comes from the node's degree, not by reading.
WITH s, collect([e, here, COUNT { (e)<-[:MENTIONS]-() }]) AS named
WHERE all(x IN named WHERE x[2] <= 1000)
UNWIND named AS x
WITH s, x[0] AS e, x[1] AS here
// Each entity's mentions are read once, however many sections of the window name it: per
// document, the elements that mention it and the one heading they all sit under (null when they differ).
WITH e, collect([s, here]) AS users
CALL (e) {
  MATCH (e)<-[:MENTIONS]-(q:DocElement)
  WITH q.file AS file, collect(q) AS there
  WITH file, there, [q IN there | trim(coalesce(last(q.heading_path), ''))] AS heads
  RETURN collect({file: file, there: there,
                  heading: CASE WHEN all(h IN heads WHERE h = heads[0]) AND heads[0] <> '' THEN heads[0] END}) AS files
}
UNWIND users AS user
// The section's file read once, not once per other document.
WITH user[0] AS s, user[0].file AS home, e, user[1] AS here, files
UNWIND [f IN files WHERE f.file <> home] AS seen
// Per other document: the entities of this section it mentions; exactly one.
WITH s, seen.file AS other, collect({e: e, here: here, there: seen.there, heading: seen.heading}) AS shared
WHERE size(shared) = 1 AND shared[0].heading IS NOT NULL
  // a paragraph on each side: what the template declares it grounds
  AND any(p IN shared[0].here WHERE p:Paragraph) AND any(q IN shared[0].there WHERE q:Paragraph)
WITH s, other, shared[0].e AS e, shared[0].here AS here, shared[0].there AS there, shared[0].heading AS heading ORDER BY other
WITH s, head(collect([other, e, here, there, heading])) AS pick
MATCH (d:Document {path: s.file}), (o:Document {path: pick[0]})
WITH s, d, o, pick[1] AS e, pick[2] AS here, pick[3] AS there, pick[4] AS heading
WHERE heading <> trim(coalesce(o.title, ''))
RETURN s.id AS anchor, d.shown AS document,
       trim(s.text) AS title, o.shown AS other_document,
       e.label AS entity, heading, s.page AS page, d.id AS document_id,
       [{label: 'Section', id: s.id}, {label: 'Document', id: d.id}, {label: 'Entity', id: e.id},
        {label: 'Document', id: o.id}]
       + [x IN here + there | {label: [l IN labels(x) WHERE l <> 'DocElement'][0], id: x.id}] AS grounded
ORDER BY anchor LIMIT $limit
