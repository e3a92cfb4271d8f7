// `heading_pages` on a site's headings, by id (null removes it: a heading that names no
// goal, or whose text changed).
// Params: $counts = [{id, pages}].
UNWIND $counts AS row
MATCH (h:WebElement {id: row.id})
SET h.heading_pages = row.pages
