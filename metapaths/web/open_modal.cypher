// modal (interaction tier): a visible control opens a dialog, and the crawler saw it open.
// Meta-path: (Button|Link)($anchor) -[OPENS {observed: true}]-> Dialog
// The seed: the anchor through the id index when re-deriving (so a task is checked in
// constant time), every button/link element when sampling.
CALL () {
  MATCH (opener:WebElement {id: $anchor}) RETURN opener
  UNION ALL
  UNWIND CASE WHEN $anchor IS NULL THEN [true] ELSE [] END AS sampling
  MATCH (opener:WebElement) WHERE opener.kind IN ['button', 'link'] RETURN opener
}
WITH opener WHERE ($scope IS NULL OR opener.id IN $scope) AND opener.kind IN ['button', 'link']
MATCH (site:WebSite)-[:HAS_PAGE]->(page:WebPage)-[:HAS_ELEMENT]->(opener:WebElement)
      -[opens:OPENS]->(dialog:WebElement {kind: 'dialog'})
WHERE opener.kind IN ['button', 'link'] AND opener.visible AND opener.enabled
  AND opener.selector IS NOT NULL AND opens.observed AND dialog.selector IS NOT NULL
  AND size(trim(coalesce(dialog.name, '') + coalesce(dialog.text, ''))) > 1
WITH site, page, opener, dialog ORDER BY opener.id, dialog.id
WITH site, page, opener, head(collect(dialog)) AS dialog ORDER BY opener.id LIMIT $limit
WITH site, page, opener, dialog,
     CASE WHEN size(trim(coalesce(dialog.name, ''))) > 1 THEN trim(dialog.name)
          ELSE reduce(s = '', w IN split(trim(dialog.text), ' ')[0..8] | trim(s + ' ' + w))
     END AS dialog_title
RETURN opener.id AS anchor, page.url AS start_url, coalesce(page.name, page.title) AS page_title,
       opener {.name, .selector, .som, .kind} AS opener, dialog.selector AS dialog_selector,
       dialog_title, page.url AS page, site.origin AS document_id,
       [{label: 'WebSite', id: site.id}, {label: 'WebPage', id: page.id},
        {label: 'WebElement', id: opener.id}, {label: 'WebElement', id: dialog.id}] AS grounded
ORDER BY anchor
