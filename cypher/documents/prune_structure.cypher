// After a document's parts are written: the structure edges its elements held before and
// no longer have go (an element id is a position, so an edited file moves what each id
// holds). Edges that remain are left alone: loading the same file again deletes nothing.
// Params: $rows = [{id, contains, next, refers_to}] (every element of the document, each
//         with the ids its edges of that type now end at; written in batches).
UNWIND $rows AS row
MATCH (n:DocElement {id: row.id})
CALL (n, row) {
  MATCH (n)-[r:CONTAINS]->(m:DocElement) WHERE NOT m.id IN row.contains DELETE r
}
CALL (n, row) {
  MATCH (n)-[r:NEXT]->(m:DocElement) WHERE NOT m.id IN row.next DELETE r
}
CALL (n, row) {
  MATCH (n)-[r:REFERS_TO]->(m:DocElement) WHERE NOT m.id IN row.refers_to DELETE r
}
