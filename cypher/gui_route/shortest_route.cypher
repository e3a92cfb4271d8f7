// The shortest route the page graph knows from one of the start screens to one of the
// goal screens, over its TRANSITION edges (read-only): the screens it passes, each
// transition's action queue and key. Among routes as short, the first by edge keys.
// Slots: {{max_hops}} (transitions at most)
// Params: $starts, $goals (Screen ids)
MATCH (start:Screen) WHERE start.id IN $starts
MATCH (goal:Screen) WHERE goal.id IN $goals AND goal <> start
MATCH route = shortestPath((start)-[:TRANSITION*1..{{max_hops}}]->(goal))
WITH route, [t IN relationships(route) | t.key] AS keys
RETURN [s IN nodes(route) | s.id] AS screens,
       [t IN relationships(route) | t.actions] AS actions,
       keys
ORDER BY length(route), keys
LIMIT 1
