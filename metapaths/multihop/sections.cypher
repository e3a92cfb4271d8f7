// Multihop: a page's first section heading, the fact a hop asks for when its link's text
// is the heading of the page it opens (Wikipedia-style links): the first visible h2 from
// top to bottom that occurs in the page's own text and sits in no navigation or dialog
// (a table of contents titles itself "Contents" with an h2 inside a nav).
// Params: $urls (page URLs, or null for all)
MATCH (p:WebPage)-[:HAS_ELEMENT]->(h:WebElement {kind: 'heading', tag: 'h2'})
WHERE ($urls IS NULL OR p.url IN $urls) AND h.visible AND size(trim(coalesce(h.name, ''))) > 1
  AND toLower(p.text) CONTAINS toLower(trim(h.name))
  AND NOT EXISTS {
    MATCH (n:WebElement)-[:CONTAINS]->+(h) WHERE n.kind IN ['nav', 'dialog']
  }
WITH p, h
ORDER BY h.bbox[1], h.bbox[0], h.xpath
WITH p, collect(trim(h.name)) AS sections
RETURN p.url AS url, sections[0] AS section
ORDER BY url
