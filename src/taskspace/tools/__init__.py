"""Tools agents call on the live graph: graph lookups and the Wikidata apps."""

__all__ = ["apps", "errors", "graph"]
