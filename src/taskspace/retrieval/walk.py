"""Our own graph-walk retriever: question -> entities -> documents that mention or share
them -> their chunks nearest the question (``cypher/retrieval/graph_walk``). It finds
context that vector search ranks low when a question names a thing its text rarely says."""

from __future__ import annotations

from taskspace.graph.connection import Graph
from taskspace.retrieval.fulltext import lucene_terms
from taskspace.retrieval.model import RetrievedItem

ENTITY_SEEDS = 10
"""Full-text hits on entity names taken as seeds."""
SEED_CHUNKS = 3
"""Nearest chunks whose mentioned entities are seeds as well."""
DOCUMENT_LIMIT = 10
"""Documents, by seeds mentioned, whose chunks (and their SHARES_ENTITY neighbours') rank."""


def graph_walk_items(
    graph: Graph, question: str, vector: list[float], k: int, search_ratio: int = 1
) -> list[RetrievedItem]:
    """The ``k`` chunks of the walked documents most similar to the question; the seed
    chunks come from a candidate pool ``search_ratio`` times larger."""
    rows = graph.read(
        "retrieval/graph_walk",
        terms=lucene_terms(question),
        vector=vector,
        k=k,
        entity_limit=ENTITY_SEEDS,
        seed_chunks=SEED_CHUNKS,
        search_ratio=search_ratio,
        document_limit=DOCUMENT_LIMIT,
    )
    return [RetrievedItem.model_validate(row) for row in rows]
