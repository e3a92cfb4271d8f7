// search (business tier): search the site for a phrase taken from its own pages (a heading
// of another page) and reach the results page. The box fills a form whose submit leads to a
// crawled page; it is submitted with its button (an observed SUBMITS) or with Enter. A box
// inside a dialog counts when a visible control opens that dialog (observed OPENS).
// Meta-path: SearchBox($anchor) -[FILLS]-> Form <-[SUBMITS]- Button,
//            (Form|Button) -[NAVIGATES_TO]-> WebPage; query from WebPage -[HAS_ELEMENT]-> Heading
// The seed: the anchors through the id index when re-deriving (so tasks are checked in
// constant time), else the seeded window: $scan search_box elements in id order from $start,
// wrapping to the first ids (see metapaths/web/README.md).
CALL () {
  MATCH (box:WebElement) WHERE box.id IN $anchors RETURN box
  UNION ALL
  MATCH (first:WebElement) WHERE first.id IS NOT NULL
  WITH first ORDER BY first.id LIMIT 1
  WITH CASE WHEN first.id CONTAINS ':' THEN split(first.id, ':')[0] + ':' ELSE '' END + $start AS from
  CALL (from) {
    MATCH (box:WebElement) WHERE box.kind IN ['search_box'] AND box.id >= from
    WITH box ORDER BY box.id LIMIT $scan
    RETURN collect(box) AS after
  }
  CALL (from, after) {
    // an empty range once the window is full: the seek below then reads nothing
    WITH CASE WHEN size(after) < $scan THEN from ELSE '' END AS until
    MATCH (box:WebElement) WHERE box.kind IN ['search_box'] AND box.id < until
    WITH box ORDER BY box.id LIMIT $scan
    RETURN collect(box) AS before
  }
  UNWIND after + before[0..$scan - size(after)] AS box
  RETURN box
}
WITH box WHERE box.kind IN ['search_box']
MATCH (site:WebSite)-[:HAS_PAGE]->(page:WebPage)-[:HAS_ELEMENT]->(box:WebElement {kind: 'search_box'})
      -[:FILLS]->(form:WebElement {kind: 'form'})
WHERE box.enabled AND box.selector IS NOT NULL
WITH site, page, box, form ORDER BY box.id, form.id
WITH site, page, box, head(collect(form)) AS form ORDER BY box.id LIMIT $limit
WITH site, page, box, form,
     COLLECT {
       MATCH (opener:WebElement)-[o:OPENS]->(:WebElement)-[:CONTAINS]->+(box)
       WHERE o.observed AND opener.visible AND opener.enabled AND opener.selector IS NOT NULL
       RETURN opener {.id, .name, .selector, .som} ORDER BY opener.id LIMIT 1
     } AS openers
WHERE box.visible OR size(openers) > 0
WITH site, page, box, form, openers,
     head(COLLECT {
       MATCH (button:WebElement)-[s:SUBMITS]->(form)
       WHERE s.observed AND button.enabled AND button.selector IS NOT NULL
         AND (button.visible OR size(openers) > 0)
       RETURN button {.id, .name, .selector, .som} ORDER BY button.id LIMIT 1
     }) AS button
WITH site, page, box, form, openers, button,
     head(COLLECT {
       MATCH (x:WebElement)-[:NAVIGATES_TO]->(target:WebPage)
       WHERE (x = form OR x.id = button.id) AND target <> page
       RETURN target ORDER BY target.url LIMIT 1
     }) AS target
WHERE target IS NOT NULL
WITH site, page, box, form, openers, button, target,
     head(COLLECT {
       MATCH (site)-[:HAS_PAGE]->(other:WebPage)-[:HAS_ELEMENT]->(h:WebElement {kind: 'heading'})
       WHERE other <> page AND other <> target AND h.visible
         AND size(trim(coalesce(h.name, ''))) >= 4 AND size(h.name) <= 40
       RETURN h ORDER BY h.id > box.id DESC, h.id LIMIT 1
     }) AS topic,
     head(COLLECT {
       MATCH (target)-[:HAS_ELEMENT]->(h:WebElement {kind: 'heading'})
       WHERE h.visible AND size(trim(coalesce(h.name, ''))) > 1
       RETURN h.name ORDER BY h.bbox[1], h.bbox[0], h.id LIMIT 1
     }) AS target_heading
WHERE topic IS NOT NULL
RETURN box.id AS anchor, page.url AS start_url, coalesce(page.name, page.title) AS page_title,
       box {.name, .selector, .som, .placeholder} AS box, openers,
       CASE WHEN button IS NULL THEN [] ELSE [button] END AS buttons,
       CASE WHEN button IS NULL THEN [box {.selector}] ELSE [] END AS enter_keys,
       trim(topic.name) AS query, target.url AS target_url,
       coalesce(target.name, target.title) AS target_title,
       coalesce(target_heading, '') AS target_heading, page.url AS page,
       site.origin AS document_id,
       [{label: 'WebSite', id: site.id}, {label: 'WebPage', id: page.id},
        {label: 'WebElement', id: box.id}, {label: 'WebElement', id: form.id},
        {label: 'WebElement', id: topic.id}, {label: 'WebPage', id: target.id}]
       + [o IN openers | {label: 'WebElement', id: o.id}]
       + CASE WHEN button IS NULL THEN [] ELSE [{label: 'WebElement', id: button.id}] END
       AS grounded
ORDER BY anchor
