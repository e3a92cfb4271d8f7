// Attempts and successes per value of one Task property (type, difficulty, level …) and
// per run; tasks without the property are left out.
// Params: $runs = [run id], $property = a Task property name (a parameter, never a slot)
MATCH (r:Run)-[a:ATTEMPTED]->(t:Task)
WHERE r.id IN $runs AND t[$property] IS NOT NULL
RETURN r.id AS run, r.agent AS agent, r.model AS model, toString(t[$property]) AS value,
       count(a) AS attempts, sum(CASE WHEN a.success THEN 1 ELSE 0 END) AS successes,
       avg(a.score) AS mean_score
ORDER BY value, run
