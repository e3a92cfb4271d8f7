// `heading_pages` on a site's headings, by id (null removes it: a heading that names no
// goal, or whose text changed).
// Params: $rows = [{id, pages}] (written in batches by BatchedWriter).
UNWIND $rows AS row
MATCH (h:WebElement {id: row.id})
SET h.heading_pages = row.pages
