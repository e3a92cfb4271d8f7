// A reader's verdicts on :Task nodes (kg sample review --to-graph); a task not in the graph
// is left alone. Params: $rows = [{task, verdict, reason, note, at}]
UNWIND $rows AS row
MATCH (t:Task {id: row.task})
SET t.review_verdict = row.verdict, t.review_reason = row.reason,
    t.review_note = row.note, t.reviewed_at = row.at
