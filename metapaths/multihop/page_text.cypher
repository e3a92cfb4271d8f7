// Multihop: what a lookup hop's target says in its own words: the page's text and the
// names of its headings (a term found only inside a longer heading is a partial match).
// Params: $urls (page URLs)
MATCH (p:WebPage)
WHERE p.url IN $urls
OPTIONAL MATCH (p)-[:HAS_ELEMENT]->(h:WebElement {kind: 'heading'})
RETURN p.url AS url, p.text AS text, collect(DISTINCT trim(coalesce(h.name, ''))) AS headings
ORDER BY url
