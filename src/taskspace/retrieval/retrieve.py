"""One entry point for every retriever: ``retrieve(graph, question, retriever, k)``.

Context comes from the running database only (chunks, their documents, sections and
entities), never from tasks, their grounding or runs: tests/test_retrieval.py checks
every query these retrievers send.
"""

from __future__ import annotations

from collections.abc import Sequence

from taskspace.graph.connection import Graph
from taskspace.models.embeddings.model import embed
from taskspace.retrieval.errors import NoChunksError, UnknownRetrieverError
from taskspace.retrieval.model import Retrieval
from taskspace.retrieval.names import (
    DEFAULT_RETRIEVER,
    NO_CHUNKS,
    RETRIEVER_NAMES,
    RETRIEVERS,
    check_request,
)

__all__ = [
    "DEFAULT_RETRIEVER",
    "RETRIEVERS",
    "RETRIEVER_NAMES",
    "NoChunksError",
    "UnknownRetrieverError",
    "retrieve",
]


def retrieve(
    graph: Graph,
    question: str,
    retriever: str = DEFAULT_RETRIEVER,
    k: int = 5,
    *,
    vector: Sequence[float] | None = None,
    search_ratio: int | None = None,
) -> Retrieval:
    """The ``k`` best pieces of context for ``question`` from the live graph (read-only).

    ``vector`` is the question's embedding when the caller has it already (benchmarks).
    ``search_ratio`` (default: the setting ``TASKSPACE_SEARCH_RATIO``, 1) asks the vector
    index for ``k × search_ratio`` candidates and keeps the best ``k``: the approximate
    (HNSW) search then misses fewer of the exact nearest chunks, for more time.
    """
    ratio = graph.settings.search_ratio if search_ratio is None else search_ratio
    check_request(question, retriever, k, ratio)
    query_vector = list(vector) if vector is not None else embed([question])[0]
    items = RETRIEVERS.get(retriever)(graph, question, query_vector, k, ratio)
    if not items and not graph.read("retrieval/any_embedded_chunk"):
        raise NoChunksError(NO_CHUNKS)
    return Retrieval(retriever=retriever, question=question, k=k, items=items)
