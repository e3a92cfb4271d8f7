// The walks (transition keys in the order taken) of the episodes that acted on one app's
// screens: which transition an episode took right after which.
// Params: $app, $platform
MATCH (e:Episode)
WHERE e.walk IS NOT NULL
  AND EXISTS { (e)-[:HAS_STEP]->(:Step)-[:ON_SCREEN]->(:Screen {app: $app, platform: $platform}) }
RETURN e.id AS id, e.walk AS walk
ORDER BY id
