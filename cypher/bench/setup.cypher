// Schema for the writer benchmark's own label, dropped again by teardown.
CREATE CONSTRAINT bench_node_id IF NOT EXISTS FOR (n:BenchNode) REQUIRE n.id IS UNIQUE;
