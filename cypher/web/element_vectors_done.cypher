// Marks a site's elements as all holding vectors under the current rules.
// Params: $site (WebSite id), $version.
MATCH (s:WebSite {id: $site})
SET s.element_vectors_version = $version
