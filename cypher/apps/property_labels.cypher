// App tools: the names an app shows for properties. Params: $pids
MATCH (p:Property)
WHERE p.id IN $pids AND p.label IS NOT NULL
RETURN p.id AS id, p.label AS label
