// summarization: a section with at least two paragraphs; its key sentences (the opening
// sentence of each paragraph directly under it, in reading order) are the gold summary.
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
MATCH (s)-[:CONTAINS]->(p:Paragraph)
WHERE size(trim(p.text)) >= 40 AND size(coalesce(p.sentences, [])) > 0
  // a paragraph that opens mid-sentence (a fragment broken off by a formula or a page)
  // or whose first sentence runs on unfinished has no key sentence to give
  AND p.sentences[0] =~ '^[\\p{Lu}0-9"“(].*[.!?]["”)]?$'
WITH s, p ORDER BY p.position
WITH s, collect(p)[0..3] AS paragraphs WHERE size(paragraphs) >= 2
// A paragraph's first sentence, as the loader split it (pysbd: an abbreviation such as
// "Ltd.", "Inc.", "e.g." or "Fig." does not end one).
WITH s, paragraphs, [p IN paragraphs | trim(p.sentences[0])] AS key_sentences
WITH s, paragraphs, reduce(out = '', k IN key_sentences | out + CASE WHEN out = '' THEN '' ELSE ' ' END + k) AS key_text
WHERE size(key_text) >= 80 AND size(key_text) <= 700 AND size(trim(s.text)) > 2
// A heading two sections of the document share would not say which one is meant.
WITH * WHERE s.unique_title
MATCH (d:Document {path: s.file})
RETURN s.id AS anchor, d.shown AS document, trim(s.text) AS title, key_text,
       size(paragraphs) AS paragraph_count, s.page AS page, d.id AS document_id,
       [{label: 'Section', id: s.id}, {label: 'Document', id: d.id}]
       + [p IN paragraphs | {label: 'Paragraph', id: p.id}] AS grounded
ORDER BY anchor LIMIT $limit
