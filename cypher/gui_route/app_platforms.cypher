// The platforms an app (or site) has screens on: where a GUI route agent looks for the
// screens a task describes.
// Params: $app
MATCH (s:Screen {app: $app})
RETURN DISTINCT s.platform AS platform
ORDER BY platform
