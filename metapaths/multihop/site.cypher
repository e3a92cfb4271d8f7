// Multihop: the crawled site at an origin (a lookup hop names its site by origin).
// Params: $origin
MATCH (s:WebSite {origin: $origin})
RETURN s.id AS id
