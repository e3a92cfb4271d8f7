// The known route from a screen to every screen reachable in up to {{hops}} transitions (or
// to $goal only): the shortest, and among the shortest the one whose edge keys sort first,
// so that the same graph always gives the same route (what `kg sample verify` re-derives).
// Slot: {{hops}} (validated integer). Params: $start (Screen id), $goal (Screen id or null)
MATCH path = (start:Screen {id: $start})-[:TRANSITION]->{1,{{hops}}}(goal:Screen)
WHERE goal <> start AND ($goal IS NULL OR goal.id = $goal)
WITH start, goal, path, [hop IN relationships(path) | hop.key] AS keys
ORDER BY length(path), keys
WITH start, goal, head(collect(path)) AS route
RETURN start.id AS start,
       start.summary AS start_summary,
       start.app AS app,
       start.url AS start_url,
       goal.id AS goal,
       goal.summary AS goal_summary,
       [s IN nodes(route) | s.id] AS screens,
       [hop IN relationships(route) | {key: hop.key, actions: hop.actions}] AS hops
ORDER BY goal
