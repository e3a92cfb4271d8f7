// Elements of the pages one crawl loaded, per kind, for the load summary.
// Params: $pages = WebPage ids.
MATCH (p:WebPage)-[:HAS_ELEMENT]->(e:WebElement)
WHERE p.id IN $pages
RETURN e.kind AS kind, count(*) AS count
ORDER BY kind
