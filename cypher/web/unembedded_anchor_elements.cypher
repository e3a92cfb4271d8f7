// A site's elements of the kinds web tasks are about that hold no vector: on pages an
// older crawl wrote (before elements had vectors, or not reached by the last crawl), or
// saying nothing (those stay without one). What `embed_site_elements` embeds.
// Params: $site (WebSite id), $kinds (taskspace.sources.web.element_vectors.ANCHOR_KINDS).
MATCH (:WebSite {id: $site})-[:HAS_PAGE]->(:WebPage)-[:HAS_ELEMENT]->(w:WebElement)
WHERE w.kind IN $kinds AND w.embedding IS NULL
RETURN w.id AS id, {kind: w.kind, name: w.name, placeholder: w.placeholder, text: w.text}
       AS props
ORDER BY id
