// Upsert :Task nodes. Params: $rows = [{id, props}], $source = :Source id.
UNWIND $rows AS row
MERGE (t:Task {id: row.id})
WITH t, row
SET t += row.props, t.source = $source
