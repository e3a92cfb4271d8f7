// business_navigation (business tier): a route of 2-3 link clicks to a page that the
// start page does not link to. The seed link leaves the start page; a quantified path
// pattern finds 1-2 more hops through pages the start page cannot reach directly.
// The prompt names the goal by a section heading only the target page shows; the route
// (link texts) and the target's URL, title and main heading are hidden.
// Meta-path: WebPage -[HAS_ELEMENT]-> Link($anchor) -[NAVIGATES_TO]-> WebPage
//            ((WebPage)-[HAS_ELEMENT]->(Link)-[NAVIGATES_TO]->(WebPage)){1,2}
// The seed: the anchors through the id index when re-deriving (so tasks are checked in
// constant time), else the seeded window: $scan link elements in id order from $start,
// wrapping to the first ids (see metapaths/web/README.md).
CALL () {
  MATCH (seed:WebElement) WHERE seed.id IN $anchors RETURN seed
  UNION ALL
  MATCH (first:WebElement) WHERE first.id IS NOT NULL
  WITH first ORDER BY first.id LIMIT 1
  WITH CASE WHEN first.id CONTAINS ':' THEN split(first.id, ':')[0] + ':' ELSE '' END + $start AS from
  CALL (from) {
    MATCH (seed:WebElement) WHERE seed.kind IN ['link'] AND seed.id >= from
    WITH seed ORDER BY seed.id LIMIT $scan
    RETURN collect(seed) AS after
  }
  CALL (from, after) {
    // an empty range once the window is full: the seek below then reads nothing
    WITH CASE WHEN size(after) < $scan THEN from ELSE '' END AS until
    MATCH (seed:WebElement) WHERE seed.kind IN ['link'] AND seed.id < until
    WITH seed ORDER BY seed.id LIMIT $scan
    RETURN collect(seed) AS before
  }
  UNWIND after + before[0..$scan - size(after)] AS seed
  RETURN seed
}
WITH seed WHERE seed.kind IN ['link']
MATCH (site:WebSite)-[:HAS_PAGE]->(start:WebPage)-[:HAS_ELEMENT]->(seed:WebElement {kind: 'link'})
      -[:NAVIGATES_TO]->(first:WebPage)
WHERE seed.visible AND seed.enabled AND seed.selector IS NOT NULL
  AND size(trim(coalesce(seed.name, ''))) > 1 AND first <> start
WITH site, start, seed, first ORDER BY seed.id LIMIT $limit
// Seeds that share a first page share the route found from it, so each is computed once.
WITH site, start, first, collect(seed) AS seeds
// Every page a route starts from or can pass through (each start page and first page, then
// the pages the first pages' links reach) has its links read once, not once per page whose
// routes cross it: its usable links, and every page a visible link of it reaches (for a
// start page, its direct reach). The routes are then searched in those lists. (The two
// reads below are the same pattern.)
WITH collect({site: site, start: start, first: first, seeds: seeds}) AS groups
CALL (groups) {
  UNWIND groups AS g
  UNWIND [g.start, g.first] AS a
  WITH DISTINCT a
  CALL (a) {
    OPTIONAL MATCH (a)-[:HAS_ELEMENT]->(hop:WebElement {kind: 'link'})-[:NAVIGATES_TO]->(b:WebPage)
    WHERE hop.visible AND hop.enabled
    WITH hop, b,
         hop.selector IS NOT NULL AND size(trim(coalesce(hop.name, ''))) > 1 AND b <> a AS usable
    RETURN collect(CASE WHEN usable THEN {hop: hop, id: hop.id, b: b} END) AS links,
           collect(DISTINCT b) AS reach
  }
  WITH collect({page: a, links: links, reach: reach}) AS near, [g IN groups | g.first] AS firsts
  CALL (near, firsts) {
    UNWIND near AS row
    WITH row, near WHERE row.page IN firsts
    UNWIND row.links AS link
    WITH DISTINCT link.b AS a, near
    WHERE none(known IN near WHERE known.page = a)
    CALL (a) {
      OPTIONAL MATCH (a)-[:HAS_ELEMENT]->(hop:WebElement {kind: 'link'})-[:NAVIGATES_TO]->(b:WebPage)
      WHERE hop.visible AND hop.enabled
      WITH hop, b,
           hop.selector IS NOT NULL AND size(trim(coalesce(hop.name, ''))) > 1 AND b <> a AS usable
      RETURN collect(CASE WHEN usable THEN {hop: hop, id: hop.id, b: b} END) AS links
    }
    RETURN collect({page: a, links: links}) AS far
  }
  RETURN near + far AS table
}
UNWIND groups AS g
WITH table, g.site AS site, g.start AS start, g.first AS first, g.seeds AS seeds,
     [row IN table WHERE row.page = g.start][0].reach + [g.start] AS direct
// The route: 1-2 more hops through pages outside the start page's direct reach, the
// longest first, then the smallest list of link ids.
CALL (table, direct, first) {
  UNWIND [row IN table WHERE row.page = first][0].links AS one
  WITH table, direct, first, one WHERE NOT one.b IN direct
  CALL (table, direct, first, one) {
    RETURN [one.hop] AS hops, [one.id] AS ids, [first] AS via, one.b AS target
    UNION ALL
    UNWIND [row IN table WHERE row.page = one.b][0].links AS two
    WITH first, direct, one, two
    WHERE two.b <> one.b AND two.b <> first AND NOT two.b IN direct
    RETURN [one.hop, two.hop] AS hops, [one.id, two.id] AS ids, [first, one.b] AS via,
           two.b AS target
  }
  RETURN hops, via, target
  ORDER BY size(hops) DESC, ids
  LIMIT 1
}
// The goal is told by the target's content, never by its name: a section heading of the
// target page that no other page of the site shows, nor holds inside a longer heading
// ("DocumentRoot" is not one page's when another has "DocumentRoot Directive"): the
// page's `unique_heading`, chosen with its `main_heading` by the loader over the whole
// site after each crawl (sources/web/headings.py). That needs the whole site: a site the
// crawl saw only in part (`complete` false: a page or depth limit left linked pages
// unloaded) gives no such task.
WITH site, start, first, seeds, hops, via, target
WHERE coalesce(site.complete, false) AND target.unique_heading IS NOT NULL
UNWIND seeds AS seed
WITH site, start, seed, first, hops, via, target, target.main_heading AS target_heading,
     target.unique_heading AS section
// One route per goal page: tasks that differ only in where they start ask the same thing.
WITH site, start, seed, first, hops, via, target, target_heading, section ORDER BY seed.id
WITH target, head(collect({site: site, start: start, seed: seed, first: first, hops: hops,
                           via: via, target_heading: target_heading, section: section})) AS r
WITH r.site AS site, r.start AS start, r.seed AS seed, r.first AS first, r.hops AS hops,
     r.via AS via, target, r.target_heading AS target_heading, r.section AS section
RETURN seed.id AS anchor, start.url AS start_url, coalesce(start.name, start.title) AS page_title,
       seed {.name, .selector, .som} AS seed,
       [i IN range(0, size(hops) - 1) | {name: hops[i].name, selector: hops[i].selector,
         som: hops[i].som, page_title: coalesce(via[i].name, via[i].title)}] AS hops,
       target.url AS target_url, coalesce(target.name, target.title) AS target_title,
       coalesce(target_heading, '') AS target_heading, size(hops) + 1 AS clicks, section,
       [seed.name] + [h IN hops | h.name] AS route_names,
       start.url AS page, site.origin AS document_id,
       [{label: 'WebSite', id: site.id}, {label: 'WebPage', id: start.id},
        {label: 'WebElement', id: seed.id}, {label: 'WebPage', id: first.id}]
       + [i IN range(0, size(hops) - 1) | {label: 'WebElement', id: hops[i].id}]
       + [p IN via[1..] | {label: 'WebPage', id: p.id}]
       + [{label: 'WebPage', id: target.id}] AS grounded
ORDER BY anchor
