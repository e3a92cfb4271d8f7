// Marks a site's headings counted: what `kg init` reads to count again the sites crawled
// before heading_pages existed, or counted under an older version of the count.
// Params: $site = WebSite id, $version = taskspace.sources.web.headings.COUNT_VERSION.
MATCH (s:WebSite {id: $site})
SET s.heading_pages_version = $version
