// Multihop: links a follow hop can take, with every place a link of that name on its page
// leads: the crawled page it opens, or where it points when that page was not crawled
// (missing, failed, not HTML). The sampler keeps a name only when all its links on the
// page reach one crawled page: a second "Let's Go Get Stoned" to a page that is not there
// makes the name ambiguous. Links that leave the site come from offsite_links.
// Params: $urls (pages the links are on, or null for all)
MATCH (p:WebPage)-[:HAS_ELEMENT]->(e:WebElement {kind: 'link'})
WHERE ($urls IS NULL OR p.url IN $urls) AND e.visible
  AND size(trim(coalesce(e.name, ''))) > 1 AND size(e.name) <= 60
OPTIONAL MATCH (e)-[:NAVIGATES_TO]->(t:WebPage)
WITH p, e, coalesce(t.url, e.target_url) AS reached
WHERE reached IS NOT NULL
WITH p, trim(e.name) AS link, collect(DISTINCT reached) AS targets, collect(e.id) AS elements
RETURN p.id AS page_id, p.url AS page, link, targets, elements
ORDER BY page, link
