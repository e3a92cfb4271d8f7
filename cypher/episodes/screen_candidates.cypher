// PG-Agent's semantic level: for each new page, the known screens of the same app and
// platform whose summary embeddings are nearest (top $n, cosine >= $threshold). The index
// ranks every app's screens, so it is asked for $k >= $n and filtered here; its search is
// approximate and its scores quantised, so candidates are ranked by their exact cosine
// (vector.similarity.cosine gives (1 + cos) / 2; the plain cosine is returned).
// Params: $queries = [{ref, app, platform, vector}], $k, $n, $threshold
UNWIND $queries AS q
CALL db.index.vector.queryNodes('screen_embedding', $k, q.vector) YIELD node
WITH q, node, round(2 * vector.similarity.cosine(node.embedding, q.vector) - 1, 6) AS cosine
WHERE node.platform = q.platform
  AND (node.app = q.app OR (node.app IS NULL AND q.app IS NULL))
  AND cosine >= $threshold
WITH q, node, cosine
ORDER BY cosine DESC, node.id
WITH q, collect({
  screen: node {.id, .app, .platform, .activity, .url, .state_key, .layout, .text,
                .image_hash, .summary, .image, .key},
  cosine: cosine
})[..$n] AS found
UNWIND found AS hit
RETURN q.ref AS ref, hit.screen AS screen, hit.cosine AS cosine
