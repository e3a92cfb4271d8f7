// Per selected run, every failed attempt on a task: the prompt, the gold answer, the
// agent's answer, the task's check and why it failed (an error class or exception, with
// its reason), and where inspect's log holds the sample (its log file, sample id, epoch).
// Params: $runs = [run id], $limit = most rows per run
MATCH (r:Run)-[a:ATTEMPTED]->(t:Task)
WHERE r.id IN $runs AND NOT coalesce(a.success, false)
WITH r, a, t
ORDER BY t.id, a.epoch
WITH r, collect({task: t.id, epoch: a.epoch, prompt: t.prompt, gold: t.answer,
                 answer: a.answer, check: t.check, error_type: a.error_type,
                 error_reason: a.error_reason, score: a.score})[..$limit] AS failed
RETURN r.id AS run, r.log_path AS log_path, failed
ORDER BY run
