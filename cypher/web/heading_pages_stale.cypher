// Sites whose headings were counted under an older version of the count, or never
// (crawled before heading_pages existed): what `kg init` counts again.
// Params: $version = taskspace.sources.web.headings.COUNT_VERSION.
MATCH (s:WebSite)
WHERE coalesce(s.heading_pages_version, 0) < $version
RETURN s.id AS id
ORDER BY id
