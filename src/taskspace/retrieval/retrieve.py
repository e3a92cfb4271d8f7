"""One entry point for every retriever: ``retrieve(graph, question, retriever, k)``."""

from __future__ import annotations

from taskspace.embeddings.model import embed
from taskspace.errors import UserError
from taskspace.graph.connection import Graph
from taskspace.retrieval.model import Retrieval, RetrievedItem

RETRIEVER_NAMES = ("vector",)
DEFAULT_RETRIEVER = "vector"


class UnknownRetrieverError(UserError):
    """A retriever name that is not one of RETRIEVER_NAMES."""


def retrieve(
    graph: Graph, question: str, retriever: str = DEFAULT_RETRIEVER, k: int = 5
) -> Retrieval:
    """The ``k`` best pieces of context for ``question`` from the live graph (read-only)."""
    if retriever not in RETRIEVER_NAMES:
        raise UnknownRetrieverError(
            f"no retriever {retriever!r}: choose one of {', '.join(RETRIEVER_NAMES)}"
        )
    if k < 1:
        raise UserError("k must be at least 1")
    vector = embed([question])[0]
    rows = graph.read("retrieval/vector_chunks", k=k, vector=vector)
    items = [RetrievedItem.model_validate(row) for row in rows]
    return Retrieval(retriever=retriever, question=question, k=k, items=items)
