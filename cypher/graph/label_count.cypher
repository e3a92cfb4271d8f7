// Node count for one validated label (answered from the count store).
MATCH (n:{{label}}) RETURN count(n) AS count
