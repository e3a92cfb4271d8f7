// basic_navigation (basic tier, the fallback): one visible link leads to another page.
// The link's text must name it alone on its page: another visible link that reads the same
// and leads elsewhere (Release Notes has two "documentation" links) makes the task
// ambiguous, so such links are not used.
// Meta-path: WebPage -[HAS_ELEMENT]-> Link($anchor) -[NAVIGATES_TO]-> WebPage
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
WHERE link.visible AND link.enabled AND link.selector IS NOT NULL
  AND size(trim(coalesce(link.name, ''))) > 1 AND target <> page
// Each page's links that read like one of its window links are read once for all of
// them (not once per link), with the pages they lead to.
WITH page, collect({site: site, link: link, target: target}) AS found
CALL (page, found) {
  WITH page, [f IN found | toLower(trim(f.link.name))] AS names
  MATCH (page)-[:HAS_ELEMENT]->(other:WebElement {kind: 'link'})
  WHERE other.visible AND toLower(trim(coalesce(other.name, ''))) IN names
  RETURN collect({other: other, name: toLower(trim(coalesce(other.name, ''))),
                  targets: COLLECT { MATCH (other)-[:NAVIGATES_TO]->(t) RETURN t }}) AS others
}
UNWIND found AS f
WITH f.site AS site, page, f.link AS link, f.target AS target, others
WHERE none(o IN others WHERE o.other <> link AND o.name = toLower(trim(link.name))
                             AND NOT target IN o.targets)
WITH site, page, link, target ORDER BY link.id LIMIT $limit
// The target's main heading, found by the loader after each crawl (sources/web/headings.py).
WITH site, page, link, target, target.main_heading AS target_heading
RETURN link.id AS anchor, page.url AS start_url, coalesce(page.name, page.title) AS page_title,
       link.name AS link_name, link.selector AS selector, link.som AS som,
       target.url AS target_url, coalesce(target.name, target.title) AS target_title,
       coalesce(target_heading, '') AS target_heading,
       page.url AS page, site.origin AS document_id,
       [{label: 'WebSite', id: site.id}, {label: 'WebPage', id: page.id},
        {label: 'WebElement', id: link.id}, {label: 'WebPage', id: target.id}] AS grounded
ORDER BY anchor
