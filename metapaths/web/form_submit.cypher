// button_interaction (interaction tier): fill a form's text fields and submit it with its
// button (a SUBMITS edge the crawler saw happen); the outcome is the toast the button
// TRIGGERS (observed) or, without one, the page the submit NAVIGATES_TO. A form inside a
// dialog counts when a visible control opens that dialog (observed OPENS). Search forms
// are the search template's.
// Meta-path: (Input)* -[FILLS]-> Form <-[SUBMITS {observed: true}]- Button($anchor)
//            -[TRIGGERS]-> Toast | -[NAVIGATES_TO]-> WebPage
// The seed: the anchors through the id index when re-deriving (so tasks are checked in
// constant time), else the seeded window: $scan button elements in id order from $start,
// wrapping to the first ids (see metapaths/web/README.md).
CALL () {
  MATCH (button:WebElement) WHERE button.id IN $anchors RETURN button
  UNION ALL
  MATCH (first:WebElement) WHERE first.id IS NOT NULL
  WITH first ORDER BY first.id LIMIT 1
  WITH CASE WHEN first.id CONTAINS ':' THEN split(first.id, ':')[0] + ':' ELSE '' END + $start AS from
  CALL (from) {
    MATCH (button:WebElement) WHERE button.kind IN ['button'] AND button.id >= from
    WITH button ORDER BY button.id LIMIT $scan
    RETURN collect(button) AS after
  }
  CALL (from, after) {
    // an empty range once the window is full: the seek below then reads nothing
    WITH CASE WHEN size(after) < $scan THEN from ELSE '' END AS until
    MATCH (button:WebElement) WHERE button.kind IN ['button'] AND button.id < until
    WITH button ORDER BY button.id LIMIT $scan
    RETURN collect(button) AS before
  }
  UNWIND after + before[0..$scan - size(after)] AS button
  RETURN button
}
WITH button WHERE button.kind IN ['button']
MATCH (site:WebSite)-[:HAS_PAGE]->(page:WebPage)-[:HAS_ELEMENT]->(button:WebElement)
      -[submits:SUBMITS]->(form:WebElement {kind: 'form'})
WHERE submits.observed AND button.enabled AND button.selector IS NOT NULL
  AND NOT EXISTS { (:WebElement {kind: 'search_box'})-[:FILLS]->(form) }
WITH site, page, button, form ORDER BY button.id, form.id
WITH site, page, button, head(collect(form)) AS form ORDER BY button.id LIMIT $limit
WITH site, page, button, form,
     COLLECT {
       MATCH (opener:WebElement)-[o:OPENS]->(:WebElement)-[:CONTAINS]->+(form)
       WHERE o.observed AND opener.visible AND opener.enabled AND opener.selector IS NOT NULL
       RETURN opener {.id, .name, .selector, .som} ORDER BY opener.id LIMIT 1
     } AS openers
WHERE button.visible OR size(openers) > 0
WITH site, page, button, form, openers,
     COLLECT {
       MATCH (field:WebElement)-[:FILLS]->(form)
       WHERE field.kind = 'input' AND field.enabled AND field.selector IS NOT NULL
         AND (field.visible OR size(openers) > 0)
         AND coalesce(field.input_type, 'text') IN
             ['text', 'email', 'number', 'tel', 'url', 'date', 'password']
       RETURN field {.id, .name, .selector, .som, .input_type, .placeholder}
       ORDER BY field.bbox[1], field.bbox[0], field.id
     } AS fields,
     head(COLLECT {
       MATCH (button)-[t:TRIGGERS]->(toast:WebElement {kind: 'toast'})
       WHERE t.observed AND toast.selector IS NOT NULL
       RETURN toast {.id, .selector, .role, text: trim(coalesce(toast.text, ''))}
       ORDER BY toast.id LIMIT 1
     }) AS toast,
     head(COLLECT {
       MATCH (x:WebElement)-[:NAVIGATES_TO]->(target:WebPage)
       WHERE (x = button OR x = form) AND target <> page
       RETURN target ORDER BY target.url LIMIT 1
     }) AS target
WHERE size(fields) > 0 AND (toast IS NOT NULL OR target IS NOT NULL)
RETURN button.id AS anchor, page.url AS start_url, coalesce(page.name, page.title) AS page_title,
       button {.name, .selector, .som} AS button, openers, fields, toast,
       CASE WHEN toast IS NULL THEN target.url ELSE '' END AS target_url,
       page.url AS page, site.origin AS document_id,
       [{label: 'WebSite', id: site.id}, {label: 'WebPage', id: page.id},
        {label: 'WebElement', id: button.id}, {label: 'WebElement', id: form.id}]
       + [f IN fields | {label: 'WebElement', id: f.id}]
       + [o IN openers | {label: 'WebElement', id: o.id}]
       + CASE WHEN toast IS NULL THEN [{label: 'WebPage', id: target.id}]
              ELSE [{label: 'WebElement', id: toast.id}] END AS grounded
ORDER BY anchor
