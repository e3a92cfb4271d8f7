// MMInA hop SR and task SR of multihop attempts per agent and hop-count bin (1, 2-4, 5+):
// hop SR = hops passed in order / hops, task SR = attempts whose every hop passed.
MATCH (r:Run)-[a:ATTEMPTED]->(t:Task {kind: 'multihop'})
WITH r.agent AS agent, a, coalesce(a.hops_passed, 0) AS passed,
     coalesce(a.hops_total, size(split(coalesce(t.hops_json, ''), '"kind":"follow"'))
              + size(split(coalesce(t.hops_json, ''), '"kind":"lookup"')) - 2) AS hops
WHERE hops > 0
WITH agent, a, passed, hops,
     CASE WHEN hops = 1 THEN '1' WHEN hops <= 4 THEN '2-4' ELSE '5+' END AS hop_count
RETURN agent, hop_count, count(a) AS attempts, sum(hops) AS hops, sum(passed) AS hops_passed,
       round(toFloat(sum(passed)) / sum(hops), 3) AS hop_sr,
       round(avg(CASE WHEN a.success THEN 1.0 ELSE 0.0 END), 3) AS task_sr
ORDER BY agent, hop_count
