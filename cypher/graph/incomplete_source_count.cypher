// How many loads started and never ended.
MATCH (s:Source)
WHERE s.state = 'loading'
RETURN count(s) AS count
