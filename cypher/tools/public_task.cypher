// A task as an agent may see it: only the $fields the caller names (what it asks and how it
// is scored), never its answer, anchor, fingerprint, grounding or gold steps.
MATCH (t:Task {id: $task_id})
RETURN [field IN $fields | [field, t[field]]] AS pairs
