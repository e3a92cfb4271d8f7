// search (interaction tier): type into a control that filters a list or table (a FILTERS
// edge the crawler saw happen). The query is the list's last word, and its first word,
// which appears nowhere else on the page, must disappear.
// Meta-path: (Input|SearchBox)($anchor) -[FILTERS {observed: true}]-> (List|Table)
// The seed: the anchors through the id index when re-deriving (so tasks are checked in
// constant time), else the seeded window: $scan input/search_box elements in id order from $start,
// wrapping to the first ids (see metapaths/web/README.md).
CALL () {
  MATCH (control:WebElement) WHERE control.id IN $anchors RETURN control
  UNION ALL
  MATCH (first:WebElement) WHERE first.id IS NOT NULL
  WITH first ORDER BY first.id LIMIT 1
  WITH CASE WHEN first.id CONTAINS ':' THEN split(first.id, ':')[0] + ':' ELSE '' END + $start AS from
  CALL (from) {
    MATCH (control:WebElement) WHERE control.kind IN ['input', 'search_box'] AND control.id >= from
    WITH control ORDER BY control.id LIMIT $scan
    RETURN collect(control) AS after
  }
  CALL (from, after) {
    // an empty range once the window is full: the seek below then reads nothing
    WITH CASE WHEN size(after) < $scan THEN from ELSE '' END AS until
    MATCH (control:WebElement) WHERE control.kind IN ['input', 'search_box'] AND control.id < until
    WITH control ORDER BY control.id LIMIT $scan
    RETURN collect(control) AS before
  }
  UNWIND after + before[0..$scan - size(after)] AS control
  RETURN control
}
WITH control WHERE control.kind IN ['input', 'search_box']
MATCH (site:WebSite)-[:HAS_PAGE]->(page:WebPage)-[:HAS_ELEMENT]->(control:WebElement)
      -[filters:FILTERS]->(list:WebElement)
WHERE control.kind IN ['input', 'search_box'] AND control.visible AND control.enabled
  AND control.selector IS NOT NULL AND filters.observed
  AND list.kind IN ['list', 'table'] AND list.visible AND list.selector IS NOT NULL
WITH site, page, control, list ORDER BY control.id, list.id
WITH site, page, control, head(collect(list)) AS list ORDER BY control.id LIMIT $limit
WITH site, page, control, list,
     [w IN split(trim(coalesce(list.text, '')), ' ') WHERE w =~ '[\\p{L}\\p{N}]{3,}'] AS words
WHERE size(words) >= 2
WITH site, page, control, list, last(words) AS query, head(words) AS gone
WHERE NOT toLower(query) CONTAINS toLower(gone) AND NOT toLower(gone) CONTAINS toLower(query)
  AND size(split(toLower(coalesce(page.text, '')), toLower(gone)))
      <= size(split(toLower(list.text), toLower(gone)))
RETURN control.id AS anchor, page.url AS start_url, coalesce(page.name, page.title) AS page_title,
       control {.name, .selector, .som, .placeholder} AS control,
       list.selector AS list_selector, query, gone, page.url AS page,
       site.origin AS document_id,
       [{label: 'WebSite', id: site.id}, {label: 'WebPage', id: page.id},
        {label: 'WebElement', id: control.id}, {label: 'WebElement', id: list.id}] AS grounded
ORDER BY anchor
