// Every per-step result of the selected GUI step runs (kg eval gui), first epoch: the
// ATTEMPTED edges that carry an AITW verdict (action_match), with the matching rule the
// episode was judged by (aitw, aitw-strict, element-id; older runs: none, read as aitw).
// Params: $runs = [run id]
MATCH (r:Run)-[a:ATTEMPTED {epoch: 1}]->(s:Step)<-[:HAS_STEP]-(e:Episode)
WHERE r.id IN $runs AND a.action_match IS NOT NULL
OPTIONAL MATCH (r)-[ea:ATTEMPTED {epoch: 1}]->(e)
RETURN r.id AS run, r.agent AS agent, r.model AS model, e.key AS episode,
       coalesce(ea.match_rule, 'aitw') AS rule, s.index AS index,
       a.action_match AS action_match, a.type_match AS type_match
ORDER BY run, episode, index
