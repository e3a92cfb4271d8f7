// Every node label in the database.
CALL db.labels() YIELD label RETURN label ORDER BY label
