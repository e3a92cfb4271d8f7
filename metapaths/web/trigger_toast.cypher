// toast (interaction tier): clicking a control shows a toast or alert, as the crawler saw.
// Controls that submit a form are left to form_submit, which fills the form first.
// Meta-path: (Button|Link)($anchor) -[TRIGGERS {observed: true}]-> Toast
// The seed: the anchors through the id index when re-deriving (so tasks are checked in
// constant time), else the seeded window: $scan button/link elements in id order from $start,
// wrapping to the first ids (see metapaths/web/README.md).
CALL () {
  MATCH (trigger:WebElement) WHERE trigger.id IN $anchors RETURN trigger
  UNION ALL
  MATCH (first:WebElement) WHERE first.id IS NOT NULL
  WITH first ORDER BY first.id LIMIT 1
  WITH CASE WHEN first.id CONTAINS ':' THEN split(first.id, ':')[0] + ':' ELSE '' END + $start AS from
  CALL (from) {
    MATCH (trigger:WebElement) WHERE trigger.kind IN ['button', 'link'] AND trigger.id >= from
    WITH trigger ORDER BY trigger.id LIMIT $scan
    RETURN collect(trigger) AS after
  }
  CALL (from, after) {
    // an empty range once the window is full: the seek below then reads nothing
    WITH CASE WHEN size(after) < $scan THEN from ELSE '' END AS until
    MATCH (trigger:WebElement) WHERE trigger.kind IN ['button', 'link'] AND trigger.id < until
    WITH trigger ORDER BY trigger.id LIMIT $scan
    RETURN collect(trigger) AS before
  }
  UNWIND after + before[0..$scan - size(after)] AS trigger
  RETURN trigger
}
WITH trigger WHERE trigger.kind IN ['button', 'link']
MATCH (site:WebSite)-[:HAS_PAGE]->(page:WebPage)-[:HAS_ELEMENT]->(trigger:WebElement)
      -[triggers:TRIGGERS]->(toast:WebElement {kind: 'toast'})
WHERE trigger.kind IN ['button', 'link'] AND trigger.visible AND trigger.enabled
  AND trigger.selector IS NOT NULL AND triggers.observed AND toast.selector IS NOT NULL
  AND size(trim(coalesce(trigger.name, ''))) > 1
  AND NOT EXISTS { (trigger)-[:SUBMITS]->() }
WITH site, page, trigger, toast ORDER BY trigger.id, toast.id
WITH site, page, trigger, head(collect(toast)) AS toast ORDER BY trigger.id LIMIT $limit
RETURN trigger.id AS anchor, page.url AS start_url, coalesce(page.name, page.title) AS page_title,
       trigger {.name, .selector, .som, .kind} AS trigger,
       toast {.selector, .role, text: trim(coalesce(toast.text, ''))} AS toast,
       page.url AS page, site.origin AS document_id,
       [{label: 'WebSite', id: site.id}, {label: 'WebPage', id: page.id},
        {label: 'WebElement', id: trigger.id}, {label: 'WebElement', id: toast.id}] AS grounded
ORDER BY anchor
