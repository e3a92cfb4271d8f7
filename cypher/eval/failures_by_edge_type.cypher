// Which relationship types agents fail on: the types of the edges between the nodes a task
// is GROUNDED_IN (the subgraph it was built from), with how many attempts on tasks over
// each type failed. Params: $agent (null: every agent)
MATCH (r:Run)-[a:ATTEMPTED]->(t:Task)-[:GROUNDED_IN]->(n)-[e]-(m)<-[:GROUNDED_IN]-(t)
WHERE $agent IS NULL OR r.agent = $agent
WITH r.agent AS agent, type(e) AS edge_type, a, elementId(a) AS attempt
WITH agent, edge_type, collect(DISTINCT attempt) AS attempts,
     collect(DISTINCT CASE WHEN NOT coalesce(a.success, false) THEN attempt END) AS failed
RETURN agent, edge_type, size(attempts) AS attempts, size(failed) AS failures,
       round(toFloat(size(failed)) / size(attempts), 3) AS failure_rate
ORDER BY failure_rate DESC, attempts DESC, agent, edge_type
