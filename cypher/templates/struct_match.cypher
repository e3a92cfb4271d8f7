// StructMatch of GRAPH2EVAL's Algorithm 1: nodes of the documents an objective reaches
// that match a template's structure, whatever their similarity. Params: $ids (the ids
// found similar; the Documents among them are the ones reached), $labels (the template's required node labels), $edges (its required
// edge types). A node matches when one of its labels is required and it has an edge of
// every required type (either direction).
MATCH (d:Document) WHERE d.id IN $ids
CALL (d) {
  RETURN d AS n
  UNION
  MATCH (d)-[:HAS_SECTION|CONTAINS]->+(n:DocElement) RETURN n
}
WITH DISTINCT n
WHERE any(label IN labels(n) WHERE label IN $labels)
  AND all(t IN $edges WHERE EXISTS { MATCH (n)-[r]-() WHERE type(r) = t })
RETURN n.id AS id ORDER BY id
