// All nodes (count store).
MATCH (n) RETURN count(n) AS count
