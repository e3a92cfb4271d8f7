// Relationship count for one validated type (answered from the count store).
MATCH ()-[r:{{type}}]->() RETURN count(r) AS count
