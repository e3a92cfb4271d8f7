// Every per-step result of the selected GUI step runs (kg eval gui), first epoch: the
// ATTEMPTED edges that carry an AITW verdict (action_match), with the episode's dataset
// (which decides the matching rule).
// Params: $runs = [run id]
MATCH (r:Run)-[a:ATTEMPTED {epoch: 1}]->(s:Step)<-[:HAS_STEP]-(e:Episode)
WHERE r.id IN $runs AND a.action_match IS NOT NULL
RETURN r.id AS run, r.agent AS agent, r.model AS model, e.key AS episode,
       e.dataset AS dataset, s.index AS index, a.action_match AS action_match,
       a.type_match AS type_match
ORDER BY run, episode, index
