// information_extraction: the names a numbered or titled section states, read along the
// declared edges Section -CONTAINS-> Paragraph -MENTIONS-> Entity.
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
MATCH (s)-[:CONTAINS]->(p:Paragraph)-[:MENTIONS]->(e:Entity)
WHERE size(e.label) >= 3
WITH s, e, min(p.position) AS first, collect(DISTINCT p) AS paragraphs
WITH s, e, first, paragraphs ORDER BY first, e.label
WITH s, collect(e) AS entities, collect(paragraphs) AS nested
// Two to four names: a list a reader can give in full.
WHERE size(entities) >= 2 AND size(entities) <= 4 AND size(trim(s.text)) > 2
// A heading two sections of the document share would not say which one is meant.
WITH * WHERE s.unique_title
// A reference list or a list of links names the works cited, not what the section is about.
  AND none(h IN coalesce(s.heading_path, []) + [s.text] WHERE toLower(trim(h)) IN ['references', 'bibliography', 'citations', 'citation', 'footnotes', 'notes', 'external links', 'see also', 'further reading', 'acknowledgments', 'acknowledgements'])
MATCH (d:Document {path: s.file})
WITH s, d, entities, reduce(all = [], ps IN nested | all + [p IN ps WHERE NOT p IN all]) AS paragraphs
RETURN s.id AS anchor, d.shown AS document,
       trim(s.text) AS title, [e IN entities | e.label] AS names, s.page AS page, d.id AS document_id,
       [{label: 'Section', id: s.id}, {label: 'Document', id: d.id}]
       + [p IN paragraphs | {label: 'Paragraph', id: p.id}]
       + [e IN entities | {label: 'Entity', id: e.id}] AS grounded
ORDER BY anchor LIMIT $limit
