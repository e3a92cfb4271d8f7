// Causal paths: the labels of the properties an instruction names. Params: $pids
MATCH (p:Property)
WHERE p.id IN $pids AND p.label IS NOT NULL
RETURN p.id AS id, p.label AS label
