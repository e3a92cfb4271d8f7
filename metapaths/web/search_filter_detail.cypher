// search (business tier), a chain over three pages: search the site with its search box,
// narrow the results page's list with the field that filters it (an observed FILTERS),
// then open one entry's detail page. Each stage has its own check: the search reaches the
// results page and drops an entry, the filter keeps the wanted entry and drops another,
// the click reaches the detail page. The answer is the detail page's first section
// heading; the page's URL and that heading are hidden from the prompt.
// Meta-path: SearchBox($anchor) -[FILLS]-> Form <-[SUBMITS {observed}]- Button,
//            (Form|Button) -[NAVIGATES_TO]-> WebPage -[HAS_ELEMENT]-> (Input|SearchBox)
//            -[FILTERS {observed}]-> List -[CONTAINS]->+ Link -[NAVIGATES_TO]-> WebPage
// The query is the entry's last word (a word other entries share), the filter its first.
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
      -[:FILLS]->(form:WebElement {kind: 'form'})<-[submits:SUBMITS]-(button:WebElement)
WHERE box.visible AND box.enabled AND box.selector IS NOT NULL AND submits.observed
  AND button.visible AND button.enabled AND button.selector IS NOT NULL
MATCH (x:WebElement)-[:NAVIGATES_TO]->(results:WebPage)
WHERE (x = form OR x = button) AND results <> page
MATCH (results)-[:HAS_ELEMENT]->(control:WebElement)-[filters:FILTERS]->(list:WebElement)
WHERE filters.observed AND control.kind IN ['input', 'search_box'] AND control.visible
  AND control.enabled AND control.selector IS NOT NULL AND list.kind IN ['list', 'table']
  AND list.visible
MATCH (list)-[:CONTAINS]->+(item:WebElement {kind: 'link'})-[:NAVIGATES_TO]->(detail:WebPage)
WHERE item.visible AND item.enabled AND item.selector IS NOT NULL AND detail <> results
WITH site, page, box, button, results, control, list, item, detail,
     [w IN split(trim(coalesce(item.name, '')), ' ') WHERE w =~ '[\\p{L}\\p{N}]{3,}'] AS words
WHERE size(words) >= 2
WITH site, page, box, button, results, control, list, item, detail,
     last(words) AS query, head(words) AS narrow
WHERE NOT toLower(query) CONTAINS toLower(narrow) AND NOT toLower(narrow) CONTAINS toLower(query)
// An entry the search keeps and the filter drops, and (when there is one) an entry the
// search drops; each is checked by its first word, which the results page shows only there.
WITH site, page, box, button, results, control, list, item, detail, query, narrow,
     head(COLLECT {
       MATCH (list)-[:CONTAINS]->+(other:WebElement {kind: 'link'})
       WHERE other <> item AND toLower(other.name) CONTAINS toLower(query)
         AND NOT toLower(other.name) CONTAINS toLower(narrow)
       WITH other, split(trim(other.name), ' ')[0] AS word
       WHERE size(split(toLower(coalesce(results.text, '')), toLower(word)))
             <= size(split(toLower(coalesce(list.text, '')), toLower(word)))
       RETURN word ORDER BY other.id LIMIT 1
     }) AS filtered_out,
     head(COLLECT {
       MATCH (list)-[:CONTAINS]->+(other:WebElement {kind: 'link'})
       WHERE NOT toLower(other.name) CONTAINS toLower(query)
       WITH other, split(trim(other.name), ' ')[0] AS word
       WHERE size(split(toLower(coalesce(results.text, '')), toLower(word)))
             <= size(split(toLower(coalesce(list.text, '')), toLower(word)))
       RETURN word ORDER BY other.id LIMIT 1
     }) AS searched_out,
     COLLECT {
       MATCH (detail)-[:HAS_ELEMENT]->(h:WebElement {kind: 'heading', visible: true})
       WHERE size(trim(coalesce(h.name, ''))) > 1
       RETURN trim(h.name) ORDER BY h.bbox[1], h.bbox[0], h.id LIMIT 2
     } AS headings
WHERE filtered_out IS NOT NULL AND size(headings) = 2 AND headings[1] <> headings[0]
WITH site, page, box, button, results, control, list, item, detail, query, narrow,
     filtered_out, searched_out, headings
ORDER BY box.id, item.id
WITH box, head(collect({site: site, page: page, button: button, results: results,
     control: control, list: list, item: item, detail: detail, query: query, narrow: narrow,
     filtered_out: filtered_out, searched_out: searched_out, headings: headings})) AS c
ORDER BY box.id LIMIT $limit
WITH box, c.site AS site, c.page AS page, c.button AS button, c.results AS results,
     c.control AS control, c.list AS list, c.item AS item, c.detail AS detail, c
RETURN box.id AS anchor, page.url AS start_url, coalesce(page.name, page.title) AS page_title,
       box {.name, .selector, .som, .placeholder} AS box,
       button {.name, .selector, .som} AS button,
       control {.name, .selector, .som, .placeholder} AS control,
       item {.name, .selector, .som} AS item,
       c.query AS query, c.narrow AS narrow, c.filtered_out AS filtered_out,
       coalesce(c.searched_out, '') AS searched_out,
       results.url AS results_url, detail.url AS detail_url,
       c.headings[0] AS detail_heading, c.headings[1] AS section,
       page.url AS page, site.origin AS document_id,
       [{label: 'WebSite', id: site.id}, {label: 'WebPage', id: page.id},
        {label: 'WebElement', id: box.id}, {label: 'WebElement', id: button.id},
        {label: 'WebPage', id: results.id}, {label: 'WebElement', id: control.id},
        {label: 'WebElement', id: list.id}, {label: 'WebElement', id: item.id},
        {label: 'WebPage', id: detail.id}] AS grounded
ORDER BY anchor
