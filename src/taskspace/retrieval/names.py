"""The retrievers by name, and the checks on a request: light, so ``kg`` starts fast."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from taskspace.core.errors import UserError
from taskspace.core.registry import Entry, Registry
from taskspace.retrieval.errors import UnknownRetrieverError

if TYPE_CHECKING:  # the driver and pydantic models load only with a retriever
    from taskspace.graph.connection import Graph
    from taskspace.retrieval.model import RetrievedItem


Retriever = Callable[["Graph", str, list[float], int, int], list["RetrievedItem"]]
"""``(graph, question, question vector, k, search ratio) -> the k best items``; the search
ratio multiplies k into the vector index's candidate pool (``effective_search_ratio``)."""

RETRIEVERS: Registry[Retriever] = Registry(
    "retriever",
    {
        "vector": Entry(
            "taskspace.retrieval.graphrag:VECTOR",
            "chunks nearest the question (vector index chunk_embedding)",
        ),
        "vector_cypher": Entry(
            "taskspace.retrieval.graphrag:VECTOR_CYPHER",
            "vector, plus each chunk's section path, neighbouring chunks and entities",
        ),
        "hybrid": Entry(
            "taskspace.retrieval.graphrag:HYBRID",
            "vector and full text (chunk_text) combined, scores max-normalised",
        ),
        "hybrid_cypher": Entry(
            "taskspace.retrieval.graphrag:HYBRID_CYPHER",
            "hybrid, plus each chunk's section path, neighbouring chunks and entities",
        ),
        "graph_walk": Entry(
            "taskspace.retrieval.walk:graph_walk_items",
            "question entities -> documents mentioning or sharing them -> nearest chunks",
        ),
    },
    error=UnknownRetrieverError,
)
"""Every retriever by name; each entry names its implementation, so none can be missed."""
RETRIEVER_NAMES = RETRIEVERS.names()
DEFAULT_RETRIEVER = "hybrid"

NO_CHUNKS = "no chunks with embeddings: load documents first (kg load docs …)"


MAX_SEARCH_RATIO = 100
"""Largest candidate pool multiple: beyond it the index does an exhaustive search's work."""


def check_request(question: str, retriever: str, k: int, search_ratio: int = 1) -> None:
    """Refuse a request no retriever can answer, before anything reaches the database."""
    RETRIEVERS.entry(retriever)  # refuses an unknown name with the known ones
    if k < 1:
        raise UserError(f"k must be at least 1 (got {k})")
    if not 1 <= search_ratio <= MAX_SEARCH_RATIO:
        raise UserError(
            f"the search ratio must be between 1 and {MAX_SEARCH_RATIO} (got {search_ratio})"
        )
    if not question.strip():
        raise UserError("the question is empty")
