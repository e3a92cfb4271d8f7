// button_interaction (interaction tier): a link hidden in a menu becomes visible when its
// toggle opens the menu (an OPENS edge the crawler saw happen); the link leads on.
// Meta-path: Button -[OPENS {observed: true}]-> (Nav|List) -[CONTAINS]->+ Link($anchor)
//            -[NAVIGATES_TO]-> WebPage
// The seed: the anchors through the id index when re-deriving (so tasks are checked in
// constant time), else the seeded window: $scan link elements in id order from $start,
// wrapping to the first ids (see metapaths/web/README.md).
CALL () {
  MATCH (link:WebElement) WHERE link.id IN $anchors RETURN link
  UNION ALL
  MATCH (first:WebElement) WHERE first.id IS NOT NULL
  WITH first ORDER BY first.id LIMIT 1
  WITH CASE WHEN first.id CONTAINS ':' THEN split(first.id, ':')[0] + ':' ELSE '' END + $start AS from
  CALL (from) {
    MATCH (link:WebElement) WHERE link.kind IN ['link'] AND link.id >= from
    WITH link ORDER BY link.id LIMIT $scan
    RETURN collect(link) AS after
  }
  CALL (from, after) {
    // an empty range once the window is full: the seek below then reads nothing
    WITH CASE WHEN size(after) < $scan THEN from ELSE '' END AS until
    MATCH (link:WebElement) WHERE link.kind IN ['link'] AND link.id < until
    WITH link ORDER BY link.id LIMIT $scan
    RETURN collect(link) AS before
  }
  UNWIND after + before[0..$scan - size(after)] AS link
  RETURN link
}
WITH link WHERE link.kind IN ['link']
MATCH (site:WebSite)-[:HAS_PAGE]->(page:WebPage)-[:HAS_ELEMENT]->(link:WebElement {kind: 'link'})
      -[:NAVIGATES_TO]->(target:WebPage)
WHERE NOT link.visible AND link.enabled AND link.selector IS NOT NULL
  AND size(trim(coalesce(link.name, ''))) > 1 AND target <> page
MATCH (toggle:WebElement)-[opens:OPENS]->(menu:WebElement)-[:CONTAINS]->+(link)
WHERE opens.observed AND menu.kind IN ['nav', 'list', 'dialog'] AND toggle.visible
  AND toggle.enabled AND toggle.selector IS NOT NULL AND (page)-[:HAS_ELEMENT]->(toggle)
WITH site, page, link, target, toggle ORDER BY link.id, toggle.id
WITH site, page, link, target, head(collect(toggle)) AS toggle ORDER BY link.id LIMIT $limit
RETURN link.id AS anchor, page.url AS start_url, coalesce(page.name, page.title) AS page_title,
       toggle {.name, .selector, .som, .kind} AS toggle, link {.name, .selector} AS link,
       target.url AS target_url, coalesce(target.name, target.title) AS target_title,
       page.url AS page, site.origin AS document_id,
       [{label: 'WebSite', id: site.id}, {label: 'WebPage', id: page.id},
        {label: 'WebElement', id: toggle.id}, {label: 'WebElement', id: link.id},
        {label: 'WebPage', id: target.id}] AS grounded
ORDER BY anchor
