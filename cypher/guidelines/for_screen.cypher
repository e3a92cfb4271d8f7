// PG-Agent guidelines for a screen, in one round trip.
// 1. The screens most like the given one: the `screen_embedding` vector index finds
//    $candidates by summary (its search is approximate and its scores quantised), ranked by
//    their exact cosine, optionally kept to one app or site. When the caller also gives a
//    UI layout or a screenshot hash, the score is the mean of the semantic, layout (Jaccard)
//    and screenshot (1 - Hamming) similarities it can compute. The best $n are the starts.
// 2. Every outgoing TRANSITION E of a start screen is one guideline: E's action queue, and
//    the tasks of every edge a breadth-first search explores from E: E itself (layer 0),
//    then the edges leaving each screen within $layers - 1 transitions of E's end screen
//    (a screen at BFS distance d gives layer d + 1), so $layers layers past E in all.
//    {{reach}} is max($layers - 1, 1): a quantifier cannot be {0,0}.
//    Tasks come in BFS order: by layer, then edge key, then as stored on the edge, each
//    once (its first occurrence): repeats are dropped here rather than by the caller, which
//    halves what crosses the wire (profiled: half a query's time was moving and decoding
//    repeated task strings); `task_count` is how many remain.
// 3. Guidelines from the most similar start first (ties by screen id), then the one that
//    gathers the most distinct tasks, then by edge key; at most $limit.
// Slot: {{reach}} (validated integer, 1-9). Params: $vector, $candidates, $n, $app,
// $layout (list or null), $image_hash (bit string or null), $layers, $limit.
CALL db.index.vector.queryNodes('screen_embedding', $candidates, $vector) YIELD node
WITH node AS screen
WHERE $app IS NULL OR screen.app = $app
WITH screen, 2 * vector.similarity.cosine(screen.embedding, $vector) - 1 AS semantic
WITH screen, semantic,
     CASE WHEN $layout IS NULL OR size(coalesce(screen.layout, [])) = 0 THEN null
          ELSE size([x IN screen.layout WHERE x IN $layout]) END AS shared,
     CASE WHEN $image_hash IS NULL OR screen.image_hash IS NULL
               OR size(screen.image_hash) <> size($image_hash) THEN null
          ELSE size([i IN range(0, size($image_hash) - 1)
                     WHERE substring(screen.image_hash, i, 1) <> substring($image_hash, i, 1)])
     END AS differing
WITH screen,
     [semantic,
      CASE WHEN shared IS NULL THEN null
           ELSE toFloat(shared) / (size(screen.layout) + size($layout) - shared) END,
      CASE WHEN differing IS NULL THEN null
           ELSE 1.0 - toFloat(differing) / size($image_hash) END] AS measures
WITH screen, [m IN measures WHERE m IS NOT NULL] AS known
WITH screen, round(reduce(total = 0.0, m IN known | total + m) / size(known), 6) AS score
ORDER BY score DESC, screen.id
LIMIT $n
MATCH (screen)-[edge:TRANSITION]->(end:Screen)
CALL (edge, end) {
  CALL (edge, end) {
    RETURN 0 AS layer, edge.key AS key, coalesce(edge.tasks, []) AS tasks
    UNION ALL
    MATCH walk = ANY SHORTEST (end)-[:TRANSITION]->{0,{{reach}}}(near:Screen)
    WITH walk, near WHERE length(walk) < $layers
    MATCH (near)-[next:TRANSITION]->(:Screen)
    RETURN length(walk) + 1 AS layer, next.key AS key, coalesce(next.tasks, []) AS tasks
  }
  WITH layer, key, tasks
  UNWIND range(0, size(tasks) - 1) AS position
  WITH layer, key, position, tasks[position] AS task
  ORDER BY layer, key, position
  WITH collect(DISTINCT task) AS gathered
  RETURN gathered, size(gathered) AS task_count
}
RETURN screen.id AS start,
       screen.summary AS start_summary,
       screen.app AS app,
       screen.platform AS platform,
       score,
       edge.key AS edge,
       edge.actions AS actions,
       coalesce(edge.tasks, []) AS edge_tasks,
       gathered AS tasks,
       task_count,
       end.id AS end,
       end.summary AS end_summary
ORDER BY score DESC, start, task_count DESC, edge
LIMIT $limit
