"""Sources: each reads one kind of input and owns its `kg load` loader into the graph."""

__all__ = ["derived", "documents", "episodes", "web", "wikidata"]
