// Multihop: pages a hop can end on, with the answer read from them: the page's only main
// heading (h1), kept only when it occurs in the page's own text, which is how every hop's
// answer is verified against the graph. Params: $urls (page URLs, or null for all)
MATCH (s:WebSite)-[:HAS_PAGE]->(p:WebPage)
WHERE $urls IS NULL OR p.url IN $urls
MATCH (p)-[:HAS_ELEMENT]->(h:WebElement {kind: 'heading', tag: 'h1'})
WITH s, p, collect(DISTINCT trim(h.name)) AS headings
WHERE size(headings) = 1 AND size(headings[0]) > 1
  AND toLower(p.text) CONTAINS toLower(headings[0])
RETURN s.id AS site, s.origin AS origin, p.id AS id, p.url AS url, headings[0] AS heading
ORDER BY url
