// Sites whose elements were not all given vectors under the current rules (crawled
// before elements had vectors): what `kg init` embeds.
// Params: $version = taskspace.sources.web.element_vectors.VECTORS_VERSION.
MATCH (s:WebSite)
WHERE coalesce(s.element_vectors_version, 0) < $version
RETURN s.id AS id
ORDER BY id
