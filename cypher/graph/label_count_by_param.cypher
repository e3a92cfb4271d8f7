// Node count for a label that does not pass name validation (slow scan, but safe).
MATCH (n) WHERE $label IN labels(n) RETURN count(n) AS count
