// How much of a site the latest crawl saw: same-origin pages linked but never loaded
// (the page or depth limit stopped the crawl). A template that says a page is the only
// one of the site with some content needs `complete`: the rest of the site is unknown.
// Params: $site = WebSite id, $unvisited = that count.
MATCH (site:WebSite {id: $site})
SET site.unvisited = $unvisited, site.complete = $unvisited = 0
