// Loads that started and never ended (killed, crashed, or still running).
MATCH (s:Source)
WHERE s.state = 'loading'
RETURN s.id AS id, s.kind AS kind, s.uri AS uri, s.loaded_at AS started
ORDER BY started, uri
