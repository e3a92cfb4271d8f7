// A node's neighbours (found by agents/find_node) with the relationship between them, for
// agents exploring the graph. Tasks, runs and their edges ($hidden_labels, $hidden_types)
// are never returned: they hold the gold. $types (null: any) and $direction filter.
MATCH (n) WHERE elementId(n) = $element_id
MATCH (n)-[r]-(m)
WHERE NOT type(r) IN $hidden_types
  AND NOT any(label IN labels(m) WHERE label IN $hidden_labels)
  AND ($types IS NULL OR type(r) IN $types)
  AND ($direction = 'both' OR (startNode(r) = n) = ($direction = 'out'))
RETURN type(r) AS relationship,
       CASE WHEN startNode(r) = n THEN 'out' ELSE 'in' END AS direction,
       m.id AS node_id,
       [label IN labels(m) WHERE label <> 'DocElement'][0] AS label,
       left(coalesce(m.text, m.title, m.name, m.label, m.summary, m.url, ''), 300) AS text
ORDER BY relationship, node_id
LIMIT $limit
