// TRANSITION edges: one per (screen, screen, action queue), keyed by `key`. The same
// transition taken in several episodes is one edge whose tasks and episodes are the sorted
// union of theirs, so load order and reloading do not change it.
// Params: $rows = [{start, end, key, actions, kinds, tasks, episodes}]
UNWIND $rows AS row
MATCH (a:Screen {id: row.start})
MATCH (b:Screen {id: row.end})
MERGE (a)-[t:TRANSITION {key: row.key}]->(b)
ON CREATE SET t.actions = row.actions, t.kinds = row.kinds, t.tasks = [], t.episodes = []
WITH t, row
SET t.tasks = COLLECT {
      UNWIND t.tasks + row.tasks AS task
      WITH DISTINCT task
      RETURN task ORDER BY task
    },
    t.episodes = COLLECT {
      UNWIND t.episodes + row.episodes AS episode
      WITH DISTINCT episode
      RETURN episode ORDER BY episode
    }
WITH t
SET t.count = size(t.episodes)
