// modal (interaction tier): a visible control opens a dialog, and the crawler saw it open.
// Meta-path: (Button|Link)($anchor) -[OPENS {observed: true}]-> Dialog
// The seed: the anchors through the id index when re-deriving (so tasks are checked in
// constant time), else the seeded window: $scan button/link elements in id order from $start,
// wrapping to the first ids (see metapaths/web/README.md).
CALL () {
  MATCH (opener:WebElement) WHERE opener.id IN $anchors RETURN opener
  UNION ALL
  MATCH (first:WebElement) WHERE first.id IS NOT NULL
  WITH first ORDER BY first.id LIMIT 1
  WITH CASE WHEN first.id CONTAINS ':' THEN split(first.id, ':')[0] + ':' ELSE '' END + $start AS from
  CALL (from) {
    MATCH (opener:WebElement) WHERE opener.kind IN ['button', 'link'] AND opener.id >= from
    WITH opener ORDER BY opener.id LIMIT $scan
    RETURN collect(opener) AS after
  }
  CALL (from, after) {
    // an empty range once the window is full: the seek below then reads nothing
    WITH CASE WHEN size(after) < $scan THEN from ELSE '' END AS until
    MATCH (opener:WebElement) WHERE opener.kind IN ['button', 'link'] AND opener.id < until
    WITH opener ORDER BY opener.id LIMIT $scan
    RETURN collect(opener) AS before
  }
  UNWIND after + before[0..$scan - size(after)] AS opener
  RETURN opener
}
WITH opener WHERE opener.kind IN ['button', 'link']
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
