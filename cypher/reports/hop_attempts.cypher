// Multihop attempts for the hop-queue tables (MMInA hop SR and task SR): per run, hop
// count of the task and hops passed in order. The counts come from the ATTEMPTED edge
// (hops_total, hops_passed, written by the task scorer); an attempt that errored before
// it was scored has none, and counts with its task's hops (the follow and lookup hops in
// hops_json; pydantic writes it without spaces) and 0 passed.
// Params: $runs = [run id]
MATCH (r:Run)-[a:ATTEMPTED]->(t:Task {kind: 'multihop'})
WHERE r.id IN $runs
WITH r, a,
     coalesce(a.hops_total, size(split(coalesce(t.hops_json, ''), '"kind":"follow"'))
              + size(split(coalesce(t.hops_json, ''), '"kind":"lookup"')) - 2) AS hops
WHERE hops > 0
RETURN r.id AS run, r.agent AS agent, r.model AS model, hops, coalesce(a.hops_passed, 0) AS passed,
       count(a) AS attempts, sum(CASE WHEN a.success THEN 1 ELSE 0 END) AS successes
ORDER BY run, hops, passed
