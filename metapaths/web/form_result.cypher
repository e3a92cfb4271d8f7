// button_interaction (business tier), a chain over two pages: fill a form's fields, submit
// it with its button (an observed SUBMITS) and read the page the submit leads to. Each
// stage has its own check: once filled, the submit button is still the one on the form's
// page; the submit reaches the result page; the result page shows its heading. The
// answer is that heading; the result page's URL and heading are hidden from the prompt.
// Forms that also show a toast are form_submit's; search forms are the search chain's.
// Meta-path: (Input)+ -[FILLS]-> Form <-[SUBMITS {observed: true}]- Button($anchor),
//            (Form|Button) -[NAVIGATES_TO]-> WebPage -[HAS_ELEMENT]-> Heading
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
WHERE submits.observed AND button.visible AND button.enabled AND button.selector IS NOT NULL
  AND NOT EXISTS { (:WebElement {kind: 'search_box'})-[:FILLS]->(form) }
  AND NOT EXISTS { (button)-[:TRIGGERS {observed: true}]->(:WebElement {kind: 'toast'}) }
WITH site, page, button, form ORDER BY button.id, form.id
WITH site, page, button, head(collect(form)) AS form ORDER BY button.id LIMIT $limit
WITH site, page, button, form,
     COLLECT {
       MATCH (field:WebElement)-[:FILLS]->(form)
       WHERE field.kind = 'input' AND field.visible AND field.enabled AND field.selector IS NOT NULL
         AND coalesce(field.input_type, 'text') IN
             ['text', 'email', 'number', 'tel', 'url', 'date', 'password']
       RETURN field {.id, .name, .selector, .som, .input_type, .placeholder}
       ORDER BY field.bbox[1], field.bbox[0], field.id
     } AS fields,
     head(COLLECT {
       MATCH (x:WebElement)-[:NAVIGATES_TO]->(target:WebPage)
       WHERE (x = button OR x = form) AND target <> page
       RETURN target ORDER BY target.url LIMIT 1
     }) AS result
WHERE size(fields) > 0 AND result IS NOT NULL
WITH site, page, button, form, fields, result,
     head(COLLECT {
       MATCH (result)-[:HAS_ELEMENT]->(h:WebElement {kind: 'heading', visible: true})
       WHERE size(trim(coalesce(h.name, ''))) > 1
       RETURN trim(h.name) ORDER BY h.bbox[1], h.bbox[0], h.id LIMIT 1
     }) AS result_heading
WHERE result_heading IS NOT NULL
RETURN button.id AS anchor, page.url AS start_url, coalesce(page.name, page.title) AS page_title,
       button {.name, .selector, .som} AS button, fields,
       result.url AS result_url, coalesce(result.name, result.title) AS result_title,
       result_heading, page.url AS page, site.origin AS document_id,
       [{label: 'WebSite', id: site.id}, {label: 'WebPage', id: page.id},
        {label: 'WebElement', id: button.id}, {label: 'WebElement', id: form.id}]
       + [f IN fields | {label: 'WebElement', id: f.id}]
       + [{label: 'WebPage', id: result.id}] AS grounded
ORDER BY anchor
