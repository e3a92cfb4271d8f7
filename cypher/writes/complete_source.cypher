// Marks loads as ended: a :Source still 'loading' becomes 'complete'; others are left alone.
UNWIND $ids AS id
MATCH (s:Source {id: id})
WHERE s.state = 'loading'
SET s.state = 'complete'
