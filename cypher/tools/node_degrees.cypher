// How many relationships of each type and direction a node (found by agents/find_node) has,
// leaving out tasks, runs and their edges ($hidden_labels, $hidden_types).
MATCH (n) WHERE elementId(n) = $element_id
MATCH (n)-[r]-(m)
WHERE NOT type(r) IN $hidden_types
  AND NOT any(label IN labels(m) WHERE label IN $hidden_labels)
RETURN type(r) AS relationship,
       CASE WHEN startNode(r) = n THEN 'out' ELSE 'in' END AS direction,
       count(*) AS count
ORDER BY relationship, direction
