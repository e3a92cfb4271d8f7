// Multihop: pages a hop can end on, with the answer read from them: the page's only main
// heading (h1), kept only when it occurs in the page's own text, which is how every hop's
// answer is verified against the graph. With it, what says whether the page has content:
// its title and the words of its visible paragraphs outside navigation (a directory
// listing or an index of links has none), and whether its stored text reached the
// crawler's cap ($cap characters: it may go on past the cut).
// Params: $urls (page URLs, or null for all), $cap
MATCH (s:WebSite)-[:HAS_PAGE]->(p:WebPage)
WHERE $urls IS NULL OR p.url IN $urls
MATCH (p)-[:HAS_ELEMENT]->(h:WebElement {kind: 'heading', tag: 'h1'})
WITH s, p, collect(DISTINCT trim(h.name)) AS headings
WHERE size(headings) = 1 AND size(headings[0]) > 1
  AND toLower(p.text) CONTAINS toLower(headings[0])
CALL (p) {
  OPTIONAL MATCH (p)-[:HAS_ELEMENT]->(t:WebElement {kind: 'text'})
  WHERE t.visible AND NOT EXISTS {
    MATCH (n:WebElement)-[:CONTAINS]->+(t) WHERE n.kind IN ['nav', 'dialog']
  }
  RETURN sum(size([word IN split(coalesce(t.text, ''), ' ') WHERE word <> ''])) AS prose
}
RETURN s.id AS site, coalesce(s.key, s.origin) AS key, s.origin AS origin, p.id AS id, p.url AS url, headings[0] AS heading,
       coalesce(p.title, '') AS title, prose AS prose_words, size(p.text) >= $cap AS cut
ORDER BY url
