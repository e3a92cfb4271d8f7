// Every run in the graph, newest first: for --latest and for naming the runs that exist.
MATCH (r:Run)
RETURN r.id AS id, r.agent AS agent, toString(r.started) AS started
ORDER BY r.started DESC, r.finished DESC, r.recorded DESC, r.id DESC
