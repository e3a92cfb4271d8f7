// NAVIGATES_TO from links and form submits of one site to the crawled pages they lead to.
// Run after the crawl, so the order in which pages were visited does not matter.
// Params: $site = WebSite id, $aliases = {requested normalised URL: URL it redirected to}.
MATCH (site:WebSite {id: $site})-[:HAS_PAGE]->(:WebPage)-[:HAS_ELEMENT]->(e:WebElement)
WHERE e.target_url IS NOT NULL
WITH site, e, coalesce($aliases[e.target_url], e.target_url) AS url
MATCH (site)-[:HAS_PAGE]->(target:WebPage {url: url})
MERGE (e)-[:NAVIGATES_TO]->(target)
