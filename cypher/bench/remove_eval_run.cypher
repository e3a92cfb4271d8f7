// Removes what bench/eval_bench.py wrote: its :Run (with its ATTEMPTED edges) and tasks.
OPTIONAL MATCH (r:Run {id: $run})
DETACH DELETE r
WITH count(*) AS done
MATCH (t:Task) WHERE t.id IN $ids
DETACH DELETE t
