"""neo4j-graphrag's retrievers on our chunk graph (the document family follows its lexical
graph, so they fit as they are). Vector and hybrid search come from the library; what each
hit returns is our named Cypher tail (``cypher/retrieval/chunk_item`` or ``chunk_context``).

The library sends every query with ``driver.execute_query(..., routing_=READ)``: a READ
session, in which the server refuses writes. A retriever costs two setup queries (server
version, index definition), so one instance per graph and name is kept and reused.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import Any

import neo4j
from neo4j_graphrag.retrievers import HybridCypherRetriever, VectorCypherRetriever
from neo4j_graphrag.retrievers.base import Retriever
from neo4j_graphrag.types import RetrieverResultItem

from taskspace.graph.connection import Graph
from taskspace.graph.errors import GraphError
from taskspace.retrieval.embedder import MiniLMEmbedder
from taskspace.retrieval.fulltext import lucene_terms
from taskspace.retrieval.model import RetrievedItem

VECTOR_INDEX = "chunk_embedding"
FULLTEXT_INDEX = "chunk_text"
ENTITY_LIMIT = 10
"""Most entities one chunk's expansion lists (those it mentions most often)."""
HYBRID_ALPHA = 0.6
"""Weight of the (max-normalised) vector score in hybrid ranking; full text gets the rest."""


@dataclass(frozen=True)
class LibraryRetriever:
    """One of the library's retrievers with our Cypher tail, callable as a retriever of
    :data:`taskspace.retrieval.names.RETRIEVERS`."""

    name: str
    kind: type[Retriever]
    tail: str

    def __call__(
        self, graph: Graph, question: str, vector: list[float], k: int, search_ratio: int = 1
    ) -> list[RetrievedItem]:
        """The ``k`` best chunks, as RetrievedItems; the library passes ``search_ratio`` on
        as ``effective_search_ratio`` (on Neo4j 5 it asks ``db.index.vector.queryNodes``
        for ``k × ratio`` neighbours and keeps the first ``k``)."""
        retriever = _retriever(graph, self)
        params = {"entity_limit": ENTITY_LIMIT}
        try:
            if isinstance(retriever, HybridCypherRetriever):
                result = retriever.search(
                    query_text=lucene_terms(question),
                    query_vector=vector,
                    top_k=k,
                    effective_search_ratio=search_ratio,
                    query_params=params,
                    ranker="linear",
                    alpha=HYBRID_ALPHA,
                )
            else:
                result = retriever.search(
                    query_vector=vector,
                    top_k=k,
                    effective_search_ratio=search_ratio,
                    query_params=params,
                )
        except neo4j.exceptions.ClientError as exc:
            message = f"retrieval failed: {exc.code}: {exc.message}{_init_hint(exc)}"
            raise GraphError(message) from exc
        return [RetrievedItem.model_validate(item.metadata) for item in result.items]


VECTOR = LibraryRetriever("vector", VectorCypherRetriever, "retrieval/chunk_item")
VECTOR_CYPHER = LibraryRetriever("vector_cypher", VectorCypherRetriever, "retrieval/chunk_context")
HYBRID = LibraryRetriever("hybrid", HybridCypherRetriever, "retrieval/chunk_item")
HYBRID_CYPHER = LibraryRetriever("hybrid_cypher", HybridCypherRetriever, "retrieval/chunk_context")

_built: weakref.WeakKeyDictionary[Graph, dict[str, Retriever]] = weakref.WeakKeyDictionary()


def _retriever(graph: Graph, spec: LibraryRetriever) -> Retriever:
    built = _built.setdefault(graph, {})
    if spec.name not in built:
        built[spec.name] = _build(graph, spec)
    return built[spec.name]


def _build(graph: Graph, spec: LibraryRetriever) -> Retriever:
    kind, tail = spec.kind, spec.tail
    common: dict[str, Any] = {
        "driver": graph.driver,
        "retrieval_query": graph.queries.text(tail),
        "embedder": MiniLMEmbedder(),
        "result_formatter": _item,
        "neo4j_database": graph.database,
    }
    try:
        if kind is HybridCypherRetriever:
            return HybridCypherRetriever(
                vector_index_name=VECTOR_INDEX, fulltext_index_name=FULLTEXT_INDEX, **common
            )
        return VectorCypherRetriever(index_name=VECTOR_INDEX, **common)
    except neo4j.exceptions.Neo4jError:
        raise
    except Exception as exc:  # the library raises a bare Exception for a missing index
        if "No index" in str(exc):
            raise GraphError(
                f"the vector index {VECTOR_INDEX} is missing: run `kg init` first"
            ) from exc
        raise


def _item(record: neo4j.Record) -> RetrieverResultItem:
    """Keep the whole row: the tail returns exactly RetrievedItem's fields."""
    return RetrieverResultItem(content=record["text"], metadata=record.data())


def _init_hint(exc: neo4j.exceptions.ClientError) -> str:
    message = (exc.message or "").lower()
    return " (run `kg init` to create the retrieval indexes)" if "index" in message else ""
