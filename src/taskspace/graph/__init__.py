"""One way to the graph: connection, named queries, the batched writer, names, schema."""

__all__ = [
    "connection",
    "errors",
    "ids",
    "load_report",
    "metapaths",
    "names",
    "params",
    "provenance",
    "queries",
    "readonly_guard",
    "records",
    "schema",
    "stats",
    "writer",
]
