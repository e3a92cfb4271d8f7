// Every page of a site with each of its headings (one row with a null id for a page that
// has none), ordered by page: what `sources/web/headings.py` counts heading_pages from and
// chooses each page's main and unique heading from.
// Params: $site = WebSite id.
MATCH (:WebSite {id: $site})-[:HAS_PAGE]->(p:WebPage)
OPTIONAL MATCH (p)-[:HAS_ELEMENT]->(h:WebElement {kind: 'heading'})
RETURN p.id AS page, h.id AS id, h.name AS text, h.visible AS visible, h.bbox AS bbox
ORDER BY page
