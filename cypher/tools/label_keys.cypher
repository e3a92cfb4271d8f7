// The property keys of one validated label, read from a sample of its nodes.
MATCH (n:{{label}})
WITH n LIMIT $sample
UNWIND keys(n) AS key
RETURN DISTINCT key ORDER BY key
