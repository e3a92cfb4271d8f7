// fact_verification: a sentence the text states about an entity, and the same sentence
// with that entity swapped for another of the same kind named nearby (a paragraph under
// the same heading), which makes it false. Two templates read this query: the claim as
// stated (true) and as perturbed (false).
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
// A reference list states no claims.
WITH p WHERE NOT toLower(coalesce(last(p.heading_path), '')) CONTAINS 'references'
// Sentences as the loader split them (pysbd: "Ltd.", "Inc.", "e.g." do not end one).
WITH p, coalesce(p.sentences, []) AS sentences
MATCH (p)-[:MENTIONS]->(e:Entity) WHERE size(e.label) >= 3
// A claim is a whole clause: it opens with a capital, ends with a full stop and has at
// least four lower-case words (a caption such as "Jacinda Ardern, New Zealand
// Parliament." states nothing).
WITH p, e, [x IN sentences WHERE size(split(x, e.label)) = 2 AND size(x) >= 40 AND size(x) <= 300
                 AND NOT x =~ '.*:[.]?$' AND x =~ '^[\\p{Lu}0-9"“].*[.!?]["”)]?$'
                 AND size([w IN split(x, ' ') WHERE w =~ '[a-z]+[,;]?']) >= 4] AS found
WHERE size(found) > 0
WITH p, e, found[0] AS sentence
// Another entity of the same kind named under the same heading, absent from the sentence.
CALL (p, e, sentence) {
  MATCH (p)<-[:CONTAINS]-(:DocElement)-[:CONTAINS]->(:Paragraph)-[:MENTIONS]->(o:Entity)
  WHERE o.kind = e.kind AND o.id <> e.id AND size(o.label) >= 3
    AND NOT toLower(sentence) CONTAINS toLower(o.label)
    AND NOT toLower(o.label) CONTAINS toLower(e.label) AND NOT toLower(e.label) CONTAINS toLower(o.label)
  RETURN o ORDER BY o.id LIMIT 1
}
WITH p, e, o, sentence ORDER BY size(e.label) DESC, e.id
WITH p, head(collect([e, o, sentence])) AS pick
WITH p, pick[0] AS e, pick[1] AS o, pick[2] AS sentence
// A heading two sections of the document share would not say which one is meant.
WITH * WHERE coalesce(p.section_unique, true)
MATCH (d:Document {path: p.file})
RETURN p.id AS anchor, d.shown AS document,
       coalesce(last(p.heading_path), d.title, d.name) AS section,
       sentence + CASE WHEN sentence ENDS WITH '.' THEN '' ELSE '.' END AS claim,
       replace(sentence, e.label, o.label) + CASE WHEN sentence ENDS WITH '.' THEN '' ELSE '.' END AS perturbed,
       e.label AS entity, o.label AS swapped, p.page AS page, d.id AS document_id,
       [{label: 'Paragraph', id: p.id}, {label: 'Entity', id: e.id}, {label: 'Entity', id: o.id},
        {label: 'Document', id: d.id}] AS grounded
ORDER BY anchor LIMIT $limit
