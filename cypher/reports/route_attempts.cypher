// Attempts on tasks that carry a route (multihop hops, causal path steps, GUI route),
// grouped by the stored JSON so the hop count is read once per distinct route.
// Params: $runs = [run id]
MATCH (r:Run)-[a:ATTEMPTED]->(t:Task)
WHERE r.id IN $runs
  AND (t.hops_json IS NOT NULL OR t.path_json IS NOT NULL OR t.route_json IS NOT NULL)
RETURN r.id AS run, r.agent AS agent, r.model AS model, t.hops_json AS hops_json,
       t.path_json AS path_json, t.route_json AS route_json,
       count(a) AS attempts, sum(CASE WHEN a.success THEN 1 ELSE 0 END) AS successes,
       avg(a.score) AS mean_score
