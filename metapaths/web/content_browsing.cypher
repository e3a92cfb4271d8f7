// content_browsing (business tier): browse by 1-2 links to the page holding a visible
// content table, and read the heading of the section the table sits in. The anchor is
// the table, so each table is asked about once, and its route starts on a page without
// content tables of its own.
// Meta-path: Table($anchor) <-[HAS_ELEMENT]- WebPage (target), Heading (the section's)
//            WebPage (start) -[HAS_ELEMENT]-> Link -[NAVIGATES_TO]->
//            ((WebPage)-[HAS_ELEMENT]->(Link)-[NAVIGATES_TO]->(WebPage)){0,1} target
// Layout tables (a page grid, a bar or box of links, a prev/next strip: `layout` set by
// the crawler, taskspace.sources.web.tables) and tables inside another table's cell are never
// asked about. The rows carry what the `layout_table` lint reads again: the table's
// header flag, its share of link text and on how many pages the same table appears
// (furniture repeats; the crawler judged one page at a time).
// The heading is the last one before the table in reading order that stands above it in
// the same column (a sidebar's heading beside the table is not the table's), and it must
// head the table's own section: its parent element holds the table (a note or warning
// box closed before the table does not), and it is no box's label ("Example:"). A table
// under its page's main heading (the first h1) is not asked about: the prompt names the
// page, and that heading restates its name. A table is asked about only when its first
// words name it alone on its page.
// The seed: the anchors through the id index when re-deriving (so tasks are checked in
// constant time), else the seeded window: $scan table elements in id order from $start,
// wrapping to the first ids (see metapaths/web/README.md).
CALL () {
  MATCH (seed:WebElement) WHERE seed.id IN $anchors RETURN seed
  UNION ALL
  MATCH (first:WebElement) WHERE first.id IS NOT NULL
  WITH first ORDER BY first.id LIMIT 1
  WITH CASE WHEN first.id CONTAINS ':' THEN split(first.id, ':')[0] + ':' ELSE '' END + $start AS from
  CALL (from) {
    MATCH (seed:WebElement) WHERE seed.kind IN ['table'] AND seed.id >= from
    WITH seed ORDER BY seed.id LIMIT $scan
    RETURN collect(seed) AS after
  }
  CALL (from, after) {
    // an empty range once the window is full: the seek below then reads nothing
    WITH CASE WHEN size(after) < $scan THEN from ELSE '' END AS until
    MATCH (seed:WebElement) WHERE seed.kind IN ['table'] AND seed.id < until
    WITH seed ORDER BY seed.id LIMIT $scan
    RETURN collect(seed) AS before
  }
  UNWIND after + before[0..$scan - size(after)] AS seed
  RETURN seed
}
WITH seed AS t WHERE t.kind IN ['table']
MATCH (site:WebSite)-[:HAS_PAGE]->(target:WebPage)-[:HAS_ELEMENT]->(t)
WHERE t.visible AND t.selector IS NOT NULL AND NOT coalesce(t.layout, false)
  AND size(trim(coalesce(t.text, ''))) > 10
  AND NOT EXISTS { MATCH (:WebElement {kind: 'table'})-[:CONTAINS]->{1,4}(t) }
// Each page's headings and tables are read once for all of its tables in the window, not
// once per table: a page of seven tables was read fourteen times.
WITH site, target, collect(t) AS tables
CALL (target) {
  MATCH (target)-[:HAS_ELEMENT]->(e:WebElement)
  WHERE e.kind IN ['heading', 'table']
  WITH collect(e) AS found
  // Headings as maps of what is compared below: each property is read once per page, not
  // once per table of the page.
  WITH found, [e IN found WHERE e.kind = 'heading' |
               e {.id, .name, .tag, .xpath, .bbox, .dom_order, .visible}] AS headings
  RETURN headings,
         [h IN headings WHERE h.visible AND size(trim(coalesce(h.name, ''))) > 1] AS named,
         [e IN found WHERE e.kind = 'table'] AS page_tables
}
UNWIND tables AS t
CALL (named, t) {
  UNWIND named AS h
  WITH h
  WHERE h.bbox[1] < t.bbox[1]
    AND (h.dom_order IS NULL OR t.dom_order IS NULL OR h.dom_order < t.dom_order)
    AND h.bbox[0] < t.bbox[0] + t.bbox[2] AND t.bbox[0] < h.bbox[0] + h.bbox[2]
  RETURN h ORDER BY coalesce(h.dom_order, 0) DESC, h.bbox[1] DESC, h.id LIMIT 1
}
WITH site, target, t, h, headings, page_tables
WHERE t.xpath STARTS WITH substring(h.xpath, 0, size(h.xpath) - size(last(split(h.xpath, '/'))))
  AND NOT trim(h.name) ENDS WITH ':'
  AND NOT (h.tag = 'h1'
           AND none(m IN headings WHERE m.tag = 'h1' AND coalesce(m.dom_order < h.dom_order, false)))
// The prompt names the table by its first words; a caption that repeats the heading
// would give the answer away, so the heading is cut off the front.
WITH site, target, t, h, page_tables,
     CASE WHEN toLower(trim(t.text)) STARTS WITH toLower(trim(h.name))
          THEN trim(substring(trim(t.text), size(trim(h.name))))
          ELSE trim(t.text) END AS rest
WITH site, target, t, h, page_tables,
     reduce(s = '', w IN [w IN split(rest, ' ') WHERE w <> ''][0..8] |
            s + CASE WHEN s = '' THEN '' ELSE ' ' END + w) AS opening
// Alone: no other table of the page holds those words, nor opens with them up to a
// plural ("extension to the" is not told from "extensions to the" at a glance).
WITH site, target, t, h, opening, page_tables,
     [w IN split(toLower(opening), ' ') |
      CASE WHEN w ENDS WITH 's' THEN left(w, size(w) - 1) ELSE w END] AS stem
WHERE size(opening) > 10
  AND none(o IN page_tables WHERE o <> t AND coalesce(
        toLower(o.text) CONTAINS toLower(opening)
        OR [w IN [w IN split(toLower(o.text), ' ') WHERE w <> ''][0..size(stem)] |
            CASE WHEN w ENDS WITH 's' THEN left(w, size(w) - 1) ELSE w END] = stem, false))
// The route: one click from a page without content tables when such a page links to the
// target, else two; one route per start page (its first link to the target), found once
// per target, and which one a table takes turns with its place on the page, so that the
// tables of one page start from different pages.
WITH site, target, collect({t: t, h: h, opening: opening}) AS shelves
CALL (site, target) {
  MATCH (site)-[:HAS_PAGE]->(start:WebPage)-[:HAS_ELEMENT]->(seed:WebElement {kind: 'link'})
        -[:NAVIGATES_TO]->(target)
  WHERE start <> target AND seed.visible AND seed.enabled AND seed.selector IS NOT NULL
    AND size(trim(coalesce(seed.name, ''))) > 1
  WITH start, seed ORDER BY seed.id
  WITH start, head(collect(seed)) AS seed
  WHERE NOT EXISTS {
    MATCH (start)-[:HAS_ELEMENT]->(x:WebElement {kind: 'table'})
    WHERE x.visible AND NOT coalesce(x.layout, false)
  }
  WITH start, seed ORDER BY start.url LIMIT 50
  RETURN collect({start: start, seed: seed, hops: []}) AS routes
}
CALL (site, target, routes) {
  WITH site, target WHERE routes = []
  MATCH (site)-[:HAS_PAGE]->(start:WebPage)-[:HAS_ELEMENT]->(seed:WebElement {kind: 'link'})
        -[:NAVIGATES_TO]->(first:WebPage)-[:HAS_ELEMENT]->(hop:WebElement {kind: 'link'})
        -[:NAVIGATES_TO]->(target)
  WHERE start <> target AND first <> start AND first <> target
    AND seed.visible AND seed.enabled AND seed.selector IS NOT NULL
    AND size(trim(coalesce(seed.name, ''))) > 1
    AND hop.visible AND hop.enabled AND hop.selector IS NOT NULL
    AND size(trim(coalesce(hop.name, ''))) > 1
  WITH start, seed, hop ORDER BY seed.id, hop.id
  WITH start, head(collect({seed: seed, hop: hop})) AS pick
  WHERE NOT EXISTS {
    MATCH (start)-[:HAS_ELEMENT]->(x:WebElement {kind: 'table'})
    WHERE x.visible AND NOT coalesce(x.layout, false)
  }
  WITH start, pick ORDER BY start.url LIMIT 50
  RETURN collect({start: start, seed: pick.seed, hops: [pick.hop]}) AS longer
}
WITH site, target, shelves, routes + longer AS choices
WHERE choices <> []
UNWIND shelves AS shelf
WITH site, target, shelf.t AS t, shelf.h AS h, shelf.opening AS opening,
     choices[coalesce(shelf.t.dom_order, 0) % size(choices)] AS route
WITH site, target, t, h, opening, route.start AS start, route.seed AS seed, route.hops AS hops
ORDER BY t.id LIMIT $limit
// Furniture repeats: on how many pages of the site a table shows the same text, counted
// in one pass over the site's tables for all the rows at once.
WITH site, collect({target: target, t: t, h: h, opening: opening, start: start, seed: seed,
                    hops: hops}) AS picked
CALL (site, picked) {
  WITH site, [x IN picked | x.t.text] AS texts
  MATCH (site)-[:HAS_PAGE]->(p:WebPage)-[:HAS_ELEMENT]->(o:WebElement)
  WHERE o.kind = 'table' AND o.text IN texts
  WITH o.text AS text, count(DISTINCT p) AS pages
  RETURN collect([text, pages]) AS counts
}
UNWIND picked AS x
WITH site, x.target AS target, x.t AS t, x.h AS h, x.opening AS opening, x.start AS start,
     x.seed AS seed, x.hops AS hops,
     head([c IN counts WHERE c[0] = x.t.text | c[1]]) AS repeats
RETURN t.id AS anchor, start.url AS start_url, coalesce(start.name, start.title) AS page_title,
       seed {.name, .selector, .som} AS seed, [x IN hops | x {.name, .selector, .som}] AS hops,
       target.url AS target_url, coalesce(target.name, target.title) AS target_title,
       t.selector AS table_selector, t.text AS table_text,
       opening AS table_start, h.name AS heading,
       t.header AS table_header,
       coalesce(t.link_share, toFloat(reduce(n = 0, l IN COLLECT {
         MATCH (t)-[:CONTAINS]->{1,4}(l:WebElement {kind: 'link'}) RETURN l
       } | n + size(replace(coalesce(l.name, ''), ' ', '')))) / size(replace(t.text, ' ', '')))
         AS table_link_share,
       repeats AS table_repeats, start.url AS page, site.origin AS document_id,
       [{label: 'WebSite', id: site.id}, {label: 'WebPage', id: start.id},
        {label: 'WebElement', id: seed.id}]
       + [x IN hops | {label: 'WebElement', id: x.id}]
       + [{label: 'WebPage', id: target.id}, {label: 'WebElement', id: t.id},
          {label: 'WebElement', id: h.id}] AS grounded
ORDER BY anchor
