// Elements a page no longer has since an earlier crawl (the page changed) are removed, so
// that the graph shows each page as it is now.
// Params: $rows = [{page: WebPage id, keep: [ids of the elements the page has now]}]
UNWIND $rows AS row
MATCH (:WebPage {id: row.page})-[:HAS_ELEMENT]->(e:WebElement)
WHERE NOT e.id IN row.keep
DETACH DELETE e
