// Success rate per difficulty and agent (easy, medium, hard in that order).
MATCH (r:Run)-[a:ATTEMPTED]->(t:Task)
WITH r.agent AS agent, t.difficulty AS difficulty, a
RETURN agent, difficulty, count(a) AS attempts,
       round(avg(CASE WHEN a.success THEN 1.0 ELSE 0.0 END), 3) AS success_rate,
       round(avg(a.score), 3) AS mean_score
ORDER BY agent, CASE difficulty WHEN 'easy' THEN 0 WHEN 'medium' THEN 1 ELSE 2 END
