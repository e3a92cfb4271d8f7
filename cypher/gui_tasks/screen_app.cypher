// The app (or site) and platform of one screen: where a task's route is re-derived.
// Params: $id (Screen id)
MATCH (s:Screen {id: $id})
RETURN s.app AS app, s.platform AS platform
