// figure_interpretation: what a numbered figure shows, read from its caption together with
// the sentence of a paragraph that refers to it (Paragraph -REFERS_TO-> Figure).
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
WITH f WHERE f.number IS NOT NULL AND size(coalesce(f.caption, '')) > 10
MATCH (p:Paragraph)-[:REFERS_TO]->(f)
// The referring sentence, among the sentences the loader split (pysbd keeps "Fig. 3" whole).
WITH f, p, [x IN coalesce(p.sentences, [])
            WHERE x =~ ('(?s).*\\b(Figure|Fig\\.) ?' + f.number + '\\b.*')] AS found
WHERE size(found) > 0
WITH f, p, trim(found[0]) AS sentence ORDER BY p.position
WITH f, head(collect([p, sentence])) AS pick
WITH f, pick[0] AS p, pick[1] AS sentence
// The caption's words without its "Figure N:" label.
WITH f, p, sentence, trim(f.caption) AS caption,
     CASE WHEN trim(f.caption) =~ '(?i)(figure|fig\\.?)\\s*[0-9]+\\s*[:.].*'
          THEN trim(substring(trim(f.caption), size(split(trim(f.caption), ':')[0]) + 1))
          ELSE trim(f.caption) END AS body
// A heading two sections of the document share would not say which one is meant.
WITH * WHERE coalesce(p.section_unique, true)
MATCH (d:Document {path: f.file})
RETURN f.id AS anchor, d.shown AS document,
       f.number AS number, body, sentence + CASE WHEN sentence ENDS WITH '.' THEN '' ELSE '.' END AS sentence,
       coalesce(last(p.heading_path), d.title, d.name) AS section,
       body + CASE WHEN body ENDS WITH '.' THEN ' ' ELSE '. ' END + sentence
       + CASE WHEN sentence ENDS WITH '.' THEN '' ELSE '.' END AS gold,
       f.page AS page, d.id AS document_id,
       [{label: 'Figure', id: f.id}, {label: 'Paragraph', id: p.id}, {label: 'Document', id: d.id}] AS grounded
ORDER BY anchor LIMIT $limit
