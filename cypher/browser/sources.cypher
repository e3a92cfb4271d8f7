// Every load, newest first: what it read (kind, uri), when it started and whether it ended.
// Each node a load wrote keeps the load's id in its `source` property.
MATCH (s:Source)
RETURN s.id AS source, s.kind AS kind, s.uri AS uri, toString(s.loaded_at) AS loaded_at,
       s.state AS state
ORDER BY loaded_at DESC, source
