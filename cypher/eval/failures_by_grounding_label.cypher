// Failure rate by the label of the nodes a task is grounded in (Section, Table, Entity …).
MATCH (r:Run)-[a:ATTEMPTED]->(t:Task)-[:GROUNDED_IN]->(n)
UNWIND labels(n) AS label
WITH r.agent AS agent, label, collect(DISTINCT elementId(a)) AS attempts,
     collect(DISTINCT CASE WHEN NOT coalesce(a.success, false) THEN elementId(a) END) AS failed
RETURN agent, label, size(attempts) AS attempts, size(failed) AS failures,
       round(toFloat(size(failed)) / size(attempts), 3) AS failure_rate
ORDER BY failure_rate DESC, attempts DESC, agent, label
