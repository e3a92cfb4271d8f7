// PG-Agent guidelines for a screen, in one round trip.
// 1. The screens most like the given one: the `screen_embedding` vector index finds
//    $candidates by summary (its search is approximate and its scores quantised), ranked by
//    their exact cosine, optionally kept to one app or site. When the caller also gives a
//    UI layout or a screenshot hash, the score is the mean of the semantic, layout (Jaccard)
//    and screenshot (1 - Hamming) similarities it can compute. The best $n are the starts.
// 2. Breadth first over TRANSITION edges from the start screens, up to {{layers}} layers:
//    each edge reached is one guideline, on its shortest path from the best start screen
//    (the depth at which BFS first meets it; ties go to the path whose edge keys sort
//    first). The path's action queues, in order, are what to perform; the tasks on the edge
//    are what performing them accomplishes.
// 3. Guidelines nearest first (depth), then from the most similar start, then the edge
//    with the most tasks; at most $limit.
// Slot: {{layers}} (validated integer). Params: $vector, $candidates, $n, $app, $layout
// (list or null), $image_hash (bit string or null), $limit.
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
MATCH path = (screen)-[:TRANSITION]->{1,{{layers}}}(:Screen)
WITH screen, score, path, last(relationships(path)) AS edge
ORDER BY length(path), score DESC, screen.id, [hop IN relationships(path) | hop.key]
WITH edge, head(collect({path: path, start: screen, score: score})) AS best
WITH edge, best.path AS path, best.start AS start, best.score AS score
RETURN start.id AS start,
       start.summary AS start_summary,
       start.app AS app,
       start.platform AS platform,
       score,
       length(path) AS depth,
       [hop IN relationships(path) | hop.actions] AS hops,
       edge.tasks AS tasks,
       [s IN nodes(path) | s.id] AS screens,
       last(nodes(path)).summary AS end_summary,
       edge.key AS edge
ORDER BY depth, score DESC, size(tasks) DESC, edge
LIMIT $limit
