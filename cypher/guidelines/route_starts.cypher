// Screens a GUI navigation task can start from: those with a transition to another screen.
// Optionally one app or site. Params: $app (or null)
MATCH (start:Screen)-[:TRANSITION]->(other:Screen)
WHERE other <> start AND ($app IS NULL OR start.app = $app)
RETURN DISTINCT start.id AS id
ORDER BY id
