// Document elements and chunks whose text or title matches a full-text query (the caller
// escapes Lucene's special characters), best first, with the document each one is from.
CALL db.index.fulltext.queryNodes('doc_text', $query, {limit: $k}) YIELD node, score
RETURN node.id AS node_id,
       [label IN labels(node) WHERE label <> 'DocElement'][0] AS label,
       coalesce(node.text, node.title, '') AS text, score,
       coalesce(
         head(COLLECT { MATCH (node)-[:FROM_DOCUMENT]->(d:Document)
                        RETURN coalesce(d.title, d.name) }),
         head(COLLECT { MATCH (node)<-[:HAS_ELEMENT]-(:Chunk)-[:FROM_DOCUMENT]->(d:Document)
                        RETURN coalesce(d.title, d.name) })
       ) AS document,
       coalesce(node.heading_path, []) AS heading_path
ORDER BY score DESC
