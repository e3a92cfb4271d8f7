// content_browsing (business tier): browse by 1-2 links to a page holding a visible
// content table, and read the heading of the section the table sits in. Which of the
// target's tables is asked about turns with the route, so that different routes ask
// about different tables, and each table is asked about once.
// Meta-path: Link($anchor) -[NAVIGATES_TO]-> WebPage
//            ((WebPage)-[HAS_ELEMENT]->(Link)-[NAVIGATES_TO]->(WebPage)){0,1}
//            -[HAS_ELEMENT]-> Table, Heading (the section's heading)
// Layout tables (a page grid, a bar or box of links, a prev/next strip: `layout` set by
// the crawler, taskspace.web.tables) are never asked about. The rows carry what the
// `layout_table` lint reads again: the table's header flag, its share of link text and
// on how many pages the same table appears (furniture repeats; the crawler sees one page).
// The heading is the last one before the table in reading order that stands above it in
// the same column: a sidebar's heading beside the table is not the table's.
// A table is asked about only when its first words name it alone on its page.
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
MATCH (site:WebSite)-[:HAS_PAGE]->(start:WebPage)-[:HAS_ELEMENT]->(seed)
      -[:NAVIGATES_TO]->(first:WebPage)
WHERE seed.visible AND seed.enabled AND seed.selector IS NOT NULL
  AND size(trim(coalesce(seed.name, ''))) > 1 AND first <> start
WITH site, collect({start: start, seed: seed, first: first}) AS seeds
// The site's shelves (a visible content table, the heading of its section, the table's
// first words with that heading cut off their front), once.
CALL (site) {
  MATCH (site)-[:HAS_PAGE]->(p:WebPage)-[:HAS_ELEMENT]->(t:WebElement {kind: 'table'})
  WHERE t.visible AND size(trim(coalesce(t.text, ''))) > 10
  WITH t.text AS text, collect({page: p, table: t}) AS same, count(DISTINCT p) AS repeats
  UNWIND same AS x
  WITH x.page AS p, x.table AS t, repeats
  WHERE t.selector IS NOT NULL AND NOT coalesce(t.layout, false)
    // a table inside another table's cell is part of that table, not one to name
    AND NOT EXISTS { MATCH (:WebElement {kind: 'table'})-[:CONTAINS]->{1,4}(t) }
  CALL (p, t) {
    MATCH (p)-[:HAS_ELEMENT]->(h:WebElement {kind: 'heading'})
    WHERE h.visible AND size(trim(coalesce(h.name, ''))) > 1 AND h.bbox[1] < t.bbox[1]
      AND (h.dom_order IS NULL OR t.dom_order IS NULL OR h.dom_order < t.dom_order)
      AND h.bbox[0] < t.bbox[0] + t.bbox[2] AND t.bbox[0] < h.bbox[0] + h.bbox[2]
    RETURN h ORDER BY coalesce(h.dom_order, 0) DESC, h.bbox[1] DESC, h.id LIMIT 1
  }
  // That heading must head the table's own section: its parent element holds the table
  // (not a note or warning box closed before it), and it is not a box's label ("Example:").
  // A table in the page's opening, under its main heading (the first h1), is not asked
  // about: the prompt names the page, and its main heading restates that name.
  WITH p, t, h, repeats
  WHERE t.xpath STARTS WITH substring(h.xpath, 0, size(h.xpath) - size(last(split(h.xpath, '/'))))
    AND NOT trim(h.name) ENDS WITH ':'
    AND NOT (h.tag = 'h1' AND NOT EXISTS {
      MATCH (p)-[:HAS_ELEMENT]->(m:WebElement {kind: 'heading', tag: 'h1'})
      WHERE m.dom_order < h.dom_order
    })
  WITH p, t, h, repeats,
       CASE WHEN toLower(trim(t.text)) STARTS WITH toLower(trim(h.name))
            THEN trim(substring(trim(t.text), size(trim(h.name))))
            ELSE trim(t.text) END AS rest
  WITH p, t, h, repeats, rest,
       reduce(s = '', w IN [w IN split(rest, ' ') WHERE w <> ''][0..8] |
              s + CASE WHEN s = '' THEN '' ELSE ' ' END + w) AS opening
  WHERE size(opening) > 10
    AND NOT EXISTS {
      MATCH (p)-[:HAS_ELEMENT]->(o:WebElement {kind: 'table'})
      WHERE o <> t AND toLower(o.text) CONTAINS toLower(opening)
    }
  WITH p, t, h, repeats, opening ORDER BY t.id
  RETURN collect({page: p, table: t, heading: h, opening: opening, repeats: repeats,
                  link_share: coalesce(t.link_share, toFloat(reduce(n = 0, l IN COLLECT {
                    MATCH (t)-[:CONTAINS]->{1,4}(l:WebElement {kind: 'link'}) RETURN l
                  } | n + size(replace(coalesce(l.name, ''), ' ', ''))))
                  / size(replace(t.text, ' ', '')))}) AS shelves
}
WITH site, seeds, shelves, [x IN shelves | x.page] AS shelf_pages
UNWIND seeds AS s
WITH site, shelves, shelf_pages, s.start AS start, s.seed AS seed, s.first AS first
WHERE NOT start IN shelf_pages
WITH site, shelves, shelf_pages, start, seed, first ORDER BY seed.id LIMIT $limit
CALL (start, first, shelf_pages) {
  MATCH (first)
        ((a:WebPage)-[:HAS_ELEMENT]->(hop:WebElement WHERE hop.kind = 'link' AND hop.visible
            AND hop.enabled AND hop.selector IS NOT NULL AND size(trim(coalesce(hop.name, ''))) > 1)
         -[:NAVIGATES_TO]->(b:WebPage) WHERE b <> a AND b <> start){0,1}
        (target:WebPage)
  WHERE target IN shelf_pages
  RETURN hop AS hops, target ORDER BY size(hop), [x IN hop | x.id] LIMIT 1
}
// Which of the target's tables a route asks about turns with the route's links (their
// place in their pages and their text), so routes into one page spread over its tables.
WITH site, start, seed, hops, target, [x IN shelves WHERE x.page = target] AS options
WITH site, start, seed, hops, target, options,
     reduce(n = size(seed.xpath) * 7 + size(seed.name), h IN hops |
            n * 31 + size(h.xpath) * 7 + size(h.name)) AS turn
WITH site, start, seed, hops, target, options[turn % size(options)] AS shelf
// One route per table: tasks that differ only in where they start ask the same thing.
WITH site, start, seed, hops, target, shelf ORDER BY seed.id
WITH shelf.table AS table, head(collect({site: site, start: start, seed: seed, hops: hops,
                                         target: target, shelf: shelf})) AS r
WITH r.site AS site, r.start AS start, r.seed AS seed, r.hops AS hops, r.target AS target,
     r.shelf AS shelf
RETURN seed.id AS anchor, start.url AS start_url, coalesce(start.name, start.title) AS page_title,
       seed {.name, .selector, .som} AS seed, [x IN hops | x {.name, .selector, .som}] AS hops,
       target.url AS target_url, coalesce(target.name, target.title) AS target_title,
       shelf.table.selector AS table_selector, shelf.table.text AS table_text,
       // The prompt names the table by its first words; a caption that repeats the
       // heading would give the answer away, so the heading is cut off the front.
       shelf.opening AS table_start, shelf.heading.name AS heading,
       shelf.table.header AS table_header, shelf.link_share AS table_link_share,
       shelf.repeats AS table_repeats, start.url AS page, site.origin AS document_id,
       [{label: 'WebSite', id: site.id}, {label: 'WebPage', id: start.id},
        {label: 'WebElement', id: seed.id}]
       + [x IN hops | {label: 'WebElement', id: x.id}]
       + [{label: 'WebPage', id: target.id}, {label: 'WebElement', id: shelf.table.id},
          {label: 'WebElement', id: shelf.heading.id}] AS grounded
ORDER BY anchor
