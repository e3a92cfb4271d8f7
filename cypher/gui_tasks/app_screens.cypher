// Every screen of one app or site on one platform, with what identifies it to a reader
// (the visible text of its first view, and of every view placed on it: the steps taken on
// it and the final views episodes ended on it) and to the page graph (activity, URL,
// state, layout, screenshot hash).
// Params: $app, $platform
MATCH (s:Screen {app: $app, platform: $platform})
RETURN s.id AS id, s.observed AS observed, s.text AS text, s.activity AS activity,
       s.url AS url, s.state_key AS state_key, s.layout AS layout, s.image_hash AS image,
       s.image AS screenshot,
       COLLECT {
         MATCH (st:Step)-[:ON_SCREEN]->(s)
         WHERE st.screen_text IS NOT NULL
         RETURN st.screen_text
       } + COLLECT {
         MATCH (e:Episode)-[:HAS_STEP]->(st:Step)-[:LEADS_TO]->(s)
         WHERE st.index = e.steps - 1 AND e.final_text IS NOT NULL
         RETURN e.final_text
       } AS views
ORDER BY id
