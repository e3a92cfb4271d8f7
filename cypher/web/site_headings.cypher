// Every heading of a site with its page and its text as compared (lower case, trimmed):
// what `sources/web/headings.py` counts heading_pages from.
// Params: $site = WebSite id.
MATCH (:WebSite {id: $site})-[:HAS_PAGE]->(p:WebPage)-[:HAS_ELEMENT]->(h:WebElement {kind: 'heading'})
RETURN h.id AS id, p.id AS page, toLower(trim(coalesce(h.name, ''))) AS name
