// Multihop: visible links that leave their site (an absolute http(s) href the crawl left
// unresolved: no target_url). The sampler normalises each href like the crawler and keeps
// the link when it is a page of another crawled site (a Wikipedia mirror's article link).
// Params: $urls (pages the links are on, or null for all)
MATCH (p:WebPage)-[:HAS_ELEMENT]->(e:WebElement {kind: 'link'})
WHERE ($urls IS NULL OR p.url IN $urls) AND e.visible AND e.target_url IS NULL
  AND (e.href STARTS WITH 'http://' OR e.href STARTS WITH 'https://')
  AND size(trim(coalesce(e.name, ''))) > 1 AND size(e.name) <= 60
RETURN p.id AS page_id, p.url AS page, trim(e.name) AS link, e.href AS href,
       e.id AS element
ORDER BY page, link, href, element
