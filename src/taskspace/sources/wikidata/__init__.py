"""Wikidata into the graph: RDF dumps, entity JSON, live SPARQL, app information spaces."""
