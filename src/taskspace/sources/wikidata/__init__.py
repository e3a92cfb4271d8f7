"""Wikidata into the graph: RDF dumps, entity JSON, live SPARQL, app information spaces."""

__all__ = [
    "apps",
    "bulk",
    "bulk_csv",
    "bulk_rows",
    "entity_json",
    "errors",
    "inputs",
    "iris",
    "kgtk",
    "loader",
    "mapping",
    "ntriples",
    "readers",
    "records",
    "sparql",
    "terms",
    "triples_json",
    "turtle",
    "turtle_fast",
    "turtle_syntax",
]
