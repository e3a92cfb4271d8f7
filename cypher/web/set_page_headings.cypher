// Each page's main heading (the first visible one in reading order) and unique heading
// (the first other one no other page of the site shows), by page id; null removes one
// the page no longer has.
// Params: $rows = [{page, main, unique}] (written in batches by BatchedWriter).
UNWIND $rows AS row
MATCH (p:WebPage {id: row.page})
SET p.main_heading = row.main, p.unique_heading = row.unique
