// The property keys of one validated relationship type, read from a sample of it.
MATCH ()-[r:{{type}}]->()
WITH r LIMIT $sample
UNWIND keys(r) AS key
RETURN DISTINCT key ORDER BY key
