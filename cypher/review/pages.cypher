// Crawled pages by URL, for the review page: title, screenshot and the opening text.
// Params: $urls = [normalised page URL]
MATCH (p:WebPage)
WHERE p.url IN $urls
RETURN p.url AS url, p.title AS title, p.screenshot AS screenshot,
       left(coalesce(p.text, ''), 1200) AS text
