// A template's declared subgraph checked against the grounded nodes of a batch of its
// candidates, in one query. Params: $rows ([{key, anchor, ids}]), $labels (declared node
// labels), $edges (declared edge types), $reach (those and the `via` types). Paths are
// looked for up to 40 hops (a template's most, templates.MAX_HOPS) and the caller
// compares node count and hop limit: one query text, one plan. Every node is found
// through an id index (one seek per family label). A grounded node's distance is its
// shortest path from the anchor along the $reach types, either direction (the template's
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
CALL (a, nodes) {
  // With $around (a template that grounds entities or chunks), the anchor's
  // surroundings first: the grounded nodes within three hops (and $hops) along the $reach
  // types, walking on from no entity or chunk. A shortest-path search toward an entity
  // named all over a large graph reads all its mentions; most grounded nodes lie this
  // close, and only the others are searched for. (A web page's hundreds of elements make
  // the surroundings dearer than the search, hence not for all templates.)
  CALL (a, nodes) {
    WITH a, nodes WHERE $around
    OPTIONAL MATCH near = (a) ((s)-[r]-(x) WHERE NOT (s:Entity OR s:Chunk) AND (size($reach) = 0 OR type(r) IN $reach)){0,3} (m)
    WHERE m IN nodes AND length(near) <= $hops
    WITH m, near ORDER BY length(near)
    WITH m, head(collect(near)) AS near
    RETURN collect(m) AS close, collect(near) AS nearby
  }
  UNWIND nodes AS n
  OPTIONAL CALL (a, n, close) {
    WITH a, n WHERE NOT n IN close
    MATCH far = shortestPath((a)-[*0..40]-(n))
    WHERE all(r IN relationships(far) WHERE size($reach) = 0 OR type(r) IN $reach)
    RETURN far
  }
  WITH nearby, collect(far) AS distant
  WITH nearby + distant AS paths
  RETURN size(paths) AS reached, reduce(most = null, p IN paths | CASE WHEN most IS NULL OR length(p) > most THEN length(p) ELSE most END) AS farthest,
         reduce(acc = [], p IN paths | acc + [r IN relationships(p) | type(r)]) AS used
}
// Only for a declared type the paths did not use: the edges among grounded nodes, then
// a path along that type alone (most candidates need neither).
CALL (nodes, used) {
  WITH nodes WHERE any(t IN $edges WHERE NOT t IN used)
  UNWIND nodes AS x
  MATCH (x)-[r]-(y) WHERE type(r) IN $edges AND NOT type(r) IN used AND y IN nodes
  RETURN collect(DISTINCT type(r)) AS joined
}
CALL (a, nodes, used, joined) {
  UNWIND [t IN $edges WHERE NOT t IN used + joined] AS t
  UNWIND [n IN nodes WHERE n <> a] AS n
  OPTIONAL MATCH p = shortestPath((a)-[*1..40]-(n)) WHERE all(r IN relationships(p) WHERE type(r) = t)
  WITH t, count(p) AS paths WHERE paths > 0
  RETURN collect(t) AS alone
}
WITH row, size(nodes) AS count, reached, farthest, used + joined + alone AS types,
     reduce(acc = [], n IN nodes | acc + labels(n)) AS present
RETURN row.key AS key,
       [l IN $labels WHERE NOT l IN present] AS missing_labels,
       [t IN $edges WHERE NOT t IN types] AS missing_edges,
       count, reached, farthest
