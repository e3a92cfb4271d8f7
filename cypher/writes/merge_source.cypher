// The :Source of one load, marked 'loading' until its loader calls complete_source.
// A source that already completed stays complete: its id includes the input's checksum,
// so loading it again writes nothing new. One from before states existed starts loading.
MERGE (s:Source {id: $id})
ON CREATE SET s.kind = $kind, s.uri = $uri, s.checksum = $checksum, s.loaded_at = datetime(),
  s.state = 'loading'
ON MATCH SET s.state = coalesce(s.state, 'loading')
