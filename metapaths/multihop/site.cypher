// Multihop: the crawled site a lookup hop names: by its key (or, in a task made before
// keys, by an origin it was crawled from).
// Params: $site
MATCH (s:WebSite)
WHERE s.key = $site OR s.origin = $site OR $site IN coalesce(s.origins, [])
RETURN s.id AS id
ORDER BY s.key = $site DESC, id
LIMIT 1
