// Multihop: a page's first section heading, the fact a hop asks for when its link's text
// is the heading of the page it opens (Wikipedia-style links): the first visible h2 from
// top to bottom, kept only when it occurs in the page's own text.
// Params: $urls (page URLs, or null for all)
MATCH (p:WebPage)-[:HAS_ELEMENT]->(h:WebElement {kind: 'heading', tag: 'h2'})
WHERE ($urls IS NULL OR p.url IN $urls) AND h.visible AND size(trim(coalesce(h.name, ''))) > 1
WITH p, h
ORDER BY h.bbox[1], h.bbox[0], h.xpath
WITH p, collect(trim(h.name)) AS sections
WHERE toLower(p.text) CONTAINS toLower(sections[0])
RETURN p.url AS url, sections[0] AS section
ORDER BY url
