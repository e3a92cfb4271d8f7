// What an earlier load of the same input left: the state of its :Source, and the chunks that
// already carry their embedding. A chunk counts only if it belongs to this very :Source (the
// same file: the id hashes its checksum) and still has the same text (the same chunk size), so
// a rerun after an interrupted load embeds only the others and a changed file reuses nothing.
// Params: $source, $chunks = [{id, text}]
OPTIONAL MATCH (s:Source {id: $source})
CALL () {
  UNWIND $chunks AS row
  MATCH (c:Chunk {id: row.id})
  WHERE c.source = $source AND c.text = row.text AND c.embedding IS NOT NULL
  RETURN collect(c.id) AS embedded
}
RETURN s.state AS state, embedded
