"""One way to the graph: connection, named queries, the batched writer, names, schema."""
