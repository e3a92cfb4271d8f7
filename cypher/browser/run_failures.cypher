// A run's failed tasks as a graph: the run, the tasks it failed (an ATTEMPTED edge per
// epoch) and the nodes each task was built from, to see where the agent went wrong.
// Params: $runs = [run id], $limit = most failed tasks per query
MATCH (r:Run)-[a:ATTEMPTED]->(t:Task)
WHERE r.id IN $runs AND NOT coalesce(a.success, false)
WITH r, t, collect(a) AS attempts
ORDER BY r.id, t.id
LIMIT $limit
OPTIONAL MATCH grounding = (t)-[:GROUNDED_IN]->()
RETURN r, attempts, t, collect(grounding) AS grounding
