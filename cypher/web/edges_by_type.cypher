// Relationships of the pages one crawl loaded, per type, with how many interaction edges
// a probe saw happen (observed). Params: $site = WebSite id, $pages = WebPage ids.
MATCH (:WebSite {id: $site})-[r:HAS_PAGE]->(p:WebPage)
WHERE p.id IN $pages
RETURN 'HAS_PAGE' AS type, count(r) AS count, 0 AS observed
UNION ALL
MATCH (p:WebPage)-[r:HAS_ELEMENT]->(:WebElement)
WHERE p.id IN $pages
RETURN 'HAS_ELEMENT' AS type, count(r) AS count, 0 AS observed
UNION ALL
MATCH (p:WebPage)-[:HAS_ELEMENT]->(:WebElement)-[r]->()
WHERE p.id IN $pages
RETURN type(r) AS type, count(r) AS count,
       sum(CASE WHEN r.observed THEN 1 ELSE 0 END) AS observed
