// Multihop: links a follow hop can take. A visible link whose name, on its page, leads to
// exactly one other page (every link of that name there reaches the same page).
// Params: $urls (pages the links are on, or null for all)
MATCH (p:WebPage)-[:HAS_ELEMENT]->(e:WebElement {kind: 'link'})-[:NAVIGATES_TO]->(t:WebPage)
WHERE ($urls IS NULL OR p.url IN $urls) AND e.visible AND t <> p
  AND size(trim(coalesce(e.name, ''))) > 1 AND size(e.name) <= 60
WITH p, trim(e.name) AS link, collect(DISTINCT t.url) AS targets, collect(e.id) AS elements
WHERE size(targets) = 1
RETURN p.id AS page_id, p.url AS page, link, targets[0] AS target, elements
ORDER BY page, link
