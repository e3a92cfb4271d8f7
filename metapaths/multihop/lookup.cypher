// Multihop: the pages of one site that may mention a term (case ignored): those whose text
// holds it, and those whose stored text was cut at the crawler's cap ($cap characters),
// which may hold it past the cut. A lookup hop is made, and re-derived, only when this is
// exactly one page other than $exclude and that page mentions the term.
// Params: $site (WebSite id), $term, $exclude (page URL), $cap
MATCH (:WebSite {id: $site})-[:HAS_PAGE]->(p:WebPage)
WHERE p.url <> $exclude
WITH p, toLower(p.text) CONTAINS toLower($term) AS mentions, size(p.text) >= $cap AS cut
WHERE mentions OR cut
RETURN p.url AS url, mentions
ORDER BY url
