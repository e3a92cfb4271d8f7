// The origins a site was crawled from before this crawl (none: a new site). A site loaded
// before origins were recorded has its one `origin`.
// Params: $site = WebSite id.
MATCH (site:WebSite {id: $site})
RETURN coalesce(site.origins, [site.origin]) AS origins
