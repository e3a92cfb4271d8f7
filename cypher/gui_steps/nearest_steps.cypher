// replay-nearest's memory: steps taken on the known Android screens most like the one
// shown, from other episodes. The `screen_embedding` index finds $candidates screens,
// ranked by exact cosine; screens the evaluated episode ($episode, its key) visits are
// left out, so an episode is never its own neighbour.
// Params: $vector, $candidates, $episode, $limit
CALL db.index.vector.queryNodes('screen_embedding', $candidates, $vector) YIELD node
WITH node AS screen, vector.similarity.cosine(node.embedding, $vector) AS score
WHERE NOT EXISTS {
  MATCH (screen)<-[:ON_SCREEN|LEADS_TO]-(:Step)<-[:HAS_STEP]-(:Episode {key: $episode})
}
MATCH (screen)<-[:ON_SCREEN]-(st:Step)<-[:HAS_STEP]-(e:Episode)
WHERE e.platform = 'android' AND e.key <> $episode
RETURN e.key AS key, e.file AS file, st.index AS index, screen.id AS screen,
       round(score, 6) AS score
ORDER BY score DESC, key, index
LIMIT $limit
