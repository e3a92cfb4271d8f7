// The :Source of one load. Created once; loading the same input again changes nothing.
MERGE (s:Source {id: $id})
ON CREATE SET s.kind = $kind, s.uri = $uri, s.checksum = $checksum, s.loaded_at = datetime()
