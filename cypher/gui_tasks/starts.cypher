// Screens a GUI navigation task can start from: observed screens (the input showed them)
// with a transition to another screen, and their app. Optionally one app or site.
// Params: $app (or null)
MATCH (start:Screen)-[:TRANSITION]->(other:Screen)
WHERE other <> start AND start.observed AND ($app IS NULL OR start.app = $app)
RETURN DISTINCT start.id AS id, start.app AS app, start.platform AS platform
ORDER BY id
