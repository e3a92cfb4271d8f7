// Multihop: the pages of one site whose text mentions a term (case ignored); a lookup hop
// is made, and re-derived, only when exactly one page other than $exclude does.
// Params: $site (WebSite id), $term, $exclude (page URL)
MATCH (:WebSite {id: $site})-[:HAS_PAGE]->(p:WebPage)
WHERE p.url <> $exclude AND toLower(p.text) CONTAINS toLower($term)
RETURN p.url AS url
ORDER BY url
