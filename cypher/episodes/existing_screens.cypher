// Which of these screens the graph already has. Params: $ids = [Screen id]
UNWIND $ids AS id
MATCH (s:Screen {id: id})
RETURN s.id AS id
