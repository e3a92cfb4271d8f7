// Relationship count for a type that does not pass name validation (slow scan, but safe).
MATCH ()-[r]->() WHERE type(r) = $type RETURN count(r) AS count
