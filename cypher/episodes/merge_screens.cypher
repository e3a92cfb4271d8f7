// Page-graph screens, created once: the first visit describes a screen (summary,
// embedding, representative image, layout), and later visits that merge into it change
// nothing, so loading again or loading other episodes never rewrites it.
// Params: $rows = [{id, props}]
UNWIND $rows AS row
MERGE (s:Screen {id: row.id})
ON CREATE SET s += row.props
