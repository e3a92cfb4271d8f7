// toast (interaction tier): clicking a control shows a toast or alert, as the crawler saw.
// Controls that submit a form are left to form_submit, which fills the form first.
// Meta-path: (Button|Link)($anchor) -[TRIGGERS {observed: true}]-> Toast
// The seed: the anchors through the id index when re-deriving (so tasks are checked in
// constant time), else the first $scan (in id order) of every button/link element.
CALL () {
  MATCH (trigger:WebElement) WHERE trigger.id IN $anchors RETURN trigger
  UNION ALL
  MATCH (trigger:WebElement) WHERE trigger.kind IN ['button', 'link'] AND trigger.id IS NOT NULL RETURN trigger
  ORDER BY trigger.id LIMIT $scan
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
