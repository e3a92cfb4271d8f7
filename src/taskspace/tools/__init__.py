"""Tools agents call on the live graph, on one template (``base``): graph lookups (``graph``)
and the Wikidata apps (``apps``)."""

__all__ = ["apps", "base", "errors", "graph"]
