"""taskspace: one Neo4j property graph of documents, web pages, Wikidata and GUI episodes,
with task generators and agent retrieval that query it live."""

__version__ = "0.1.0"

__all__ = ["__version__"]
