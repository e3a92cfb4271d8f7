// Success rate and mean score per task type and agent.
MATCH (r:Run)-[a:ATTEMPTED]->(t:Task)
RETURN t.kind AS kind, t.type AS type, r.agent AS agent, count(a) AS attempts,
       round(avg(CASE WHEN a.success THEN 1.0 ELSE 0.0 END), 3) AS success_rate,
       round(avg(a.score), 3) AS mean_score
ORDER BY kind, type, agent
