// MMInA hop SR by hop position per agent: of the multihop attempts whose task has a hop
// at that position, the share that passed it (hops are judged in order, so hop p passed
// when at least p hops did).
MATCH (r:Run)-[a:ATTEMPTED]->(t:Task {kind: 'multihop'})
WITH r.agent AS agent, a, coalesce(a.hops_passed, 0) AS passed,
     coalesce(a.hops_total, size(split(coalesce(t.hops_json, ''), '"kind":"follow"'))
              + size(split(coalesce(t.hops_json, ''), '"kind":"lookup"')) - 2) AS hops
UNWIND range(1, hops) AS position
RETURN agent, position, count(a) AS attempts,
       sum(CASE WHEN passed >= position THEN 1 ELSE 0 END) AS passed,
       round(avg(CASE WHEN passed >= position THEN 1.0 ELSE 0.0 END), 3) AS hop_sr
ORDER BY agent, position
