// Removes everything the writer benchmark wrote.
MATCH (n:BenchNode) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 10000 ROWS;
DROP CONSTRAINT bench_node_id IF EXISTS;
