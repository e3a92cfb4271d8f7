// OF_PAGE: a web screen to the crawled :WebPage of the same normalised URL, so that web
// episodes and web crawls meet in one graph. Run at the end of every episode load, for
// every screen, so that a crawl loaded after the episodes is linked by the next load.
MATCH (s:Screen)
WHERE s.url IS NOT NULL
MATCH (p:WebPage {url: s.url})
MERGE (s)-[:OF_PAGE]->(p)
