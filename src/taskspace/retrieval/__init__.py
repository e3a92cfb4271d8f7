"""Context for agents from the live graph: vector, vector + Cypher, hybrid and graph-walk
retrievers over the document family. Never reads tasks, their grounding or runs."""

__all__ = ["embedder", "errors", "fulltext", "graphrag", "model", "names", "retrieve", "walk"]
