// Entities of one document and the MENTIONS pointing at them, linked to what the graph knows.
// An :Entity or :Item whose label or alias equals one of the entity's forms (case-insensitive)
// is reused, found through the entity_names full-text index; otherwise the entity is MERGEd
// on its own stable id. An entity that exists is never changed: its label, aliases and
// source stay those of the load that created it. This is how documents meet each other and
// Wikidata items.
// An entity that is not `shared` (a bare surname: taskspace.sources.documents.entity_links) is
// never looked up: it stays this document's own, under its own id.
// Every MENTIONS edge written carries the document's $stamp (a digest of all its
// mentions): `documents/prune_mentions` then removes the edges an earlier load left.
// Params: $rows = [{id, key, shared, forms, query, props, elements: [{id, count}],
//                   chunks: [{id, count}]}], $stamp
UNWIND $rows AS row
CALL (row) {
  WITH row WHERE row.shared
  CALL db.index.fulltext.queryNodes('entity_names', row.query, {limit: 50}) YIELD node
  WITH node
  WHERE (node:Entity OR node:Item) AND coalesce(node.shared, true)
    AND (toLower(node.label) IN row.forms
      OR any(alias IN CASE WHEN node.aliases IS :: LIST<STRING NOT NULL> THEN node.aliases
                           ELSE [] END
             WHERE toLower(alias) IN row.forms))
  WITH node ORDER BY CASE WHEN node:Item THEN 0 ELSE 1 END, node.id
  RETURN collect(node)[0] AS known
}
CALL (row, known) {
  WITH row, known WHERE known IS NULL
  MERGE (e:Entity {id: row.id})
  ON CREATE SET e += row.props
  RETURN e
  UNION
  WITH known WHERE known IS NOT NULL
  RETURN known AS e
}
CALL (row, e) {
  UNWIND row.elements AS mention
  MATCH (el:DocElement {id: mention.id})
  MERGE (el)-[r:MENTIONS]->(e)
  SET r.count = mention.count, r.stamp = $stamp
}
CALL (row, e) {
  UNWIND row.chunks AS mention
  MATCH (c:Chunk {id: mention.id})
  MERGE (c)-[r:MENTIONS]->(e)
  SET r.count = mention.count, r.stamp = $stamp
}
