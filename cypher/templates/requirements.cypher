// Templates' declared subgraphs checked against the grounded nodes of a batch of their
// candidates, in one query (every template of a sample at once). Params: $rows ([{key,
// anchor, ids, labels, edges, reach}]: a candidate's grounded ids and its template's
// declared node labels, declared edge types, and those with the `via` types). Paths are
// looked for up to 40 hops (a template's most, templates.MAX_HOPS) and the caller
// compares node count and hop limit: one query text, one plan. Every node is found
// through an id index (one seek per family label). A grounded node's distance is its
// shortest path from the anchor along the row's reach types, either direction (the template's
// metapath: no shortcut through a chunk or an entity hub counts). A declared edge type
// is present when it lies on such a path, joins two grounded nodes, or alone links the
// anchor to a grounded node.
UNWIND $rows AS row
CALL (row) {
  UNWIND [row.anchor] + row.ids AS id
  CALL (id) {
    MATCH (n:DocElement {id: id}) RETURN n
    UNION
    MATCH (n:Document {id: id}) RETURN n
    UNION
    MATCH (n:Entity {id: id}) RETURN n
    UNION
    MATCH (n:Chunk {id: id}) RETURN n
    UNION
    MATCH (n:WebElement {id: id}) RETURN n
    UNION
    MATCH (n:WebPage {id: id}) RETURN n
    UNION
    MATCH (n:WebSite {id: id}) RETURN n
  }
  RETURN collect(CASE WHEN id = row.anchor THEN n END)[0] AS a,
         collect(DISTINCT CASE WHEN id IN row.ids THEN n END) AS nodes
}
CALL (row, a, nodes) {
  UNWIND nodes AS n
  OPTIONAL MATCH p = shortestPath((a)-[*0..40]-(n))
  WHERE all(r IN relationships(p) WHERE size(row.reach) = 0 OR type(r) IN row.reach)
  RETURN count(p) AS reached, max(length(p)) AS farthest,
         reduce(acc = [], rels IN collect([r IN relationships(p) | type(r)]) | acc + rels) AS used
}
// Only for a declared type the paths did not use: the edges among grounded nodes, then
// a path along that type alone (most candidates need neither).
CALL (row, nodes, used) {
  WITH row, nodes WHERE any(t IN row.edges WHERE NOT t IN used)
  UNWIND nodes AS x
  MATCH (x)-[r]-(y) WHERE type(r) IN row.edges AND NOT type(r) IN used AND y IN nodes
  RETURN collect(DISTINCT type(r)) AS joined
}
CALL (row, a, nodes, used, joined) {
  UNWIND [t IN row.edges WHERE NOT t IN used + joined] AS t
  UNWIND [n IN nodes WHERE n <> a] AS n
  OPTIONAL MATCH p = shortestPath((a)-[*1..40]-(n)) WHERE all(r IN relationships(p) WHERE type(r) = t)
  WITH t, count(p) AS paths WHERE paths > 0
  RETURN collect(t) AS alone
}
WITH row, size(nodes) AS count, reached, farthest, used + joined + alone AS types,
     reduce(acc = [], n IN nodes | acc + labels(n)) AS present
RETURN row.key AS key,
       [l IN row.labels WHERE NOT l IN present] AS missing_labels,
       [t IN row.edges WHERE NOT t IN types] AS missing_edges,
       count, reached, farthest
