// Every transition between screens of one app or site on one platform, with the tasks of
// the episodes that took it.
// Params: $app, $platform
MATCH (a:Screen {app: $app, platform: $platform})-[t:TRANSITION]->(b:Screen)
RETURN t.key AS key, a.id AS start, b.id AS end, t.actions AS actions, t.kinds AS kinds,
       t.tasks AS tasks
ORDER BY key
