"""The retrievers by name, and the checks on a request: light, so ``kg`` starts fast."""

from __future__ import annotations

from taskspace.core.errors import UserError
from taskspace.retrieval.errors import UnknownRetrieverError

RETRIEVERS: dict[str, str] = {
    "vector": "chunks nearest the question (vector index chunk_embedding)",
    "vector_cypher": "vector, plus each chunk's section path, neighbouring chunks and entities",
    "hybrid": "vector and full text (chunk_text) combined, scores max-normalised",
    "hybrid_cypher": "hybrid, plus each chunk's section path, neighbouring chunks and entities",
    "graph_walk": "question entities -> documents mentioning or sharing them -> nearest chunks",
}
RETRIEVER_NAMES = tuple(RETRIEVERS)
DEFAULT_RETRIEVER = "hybrid"

NO_CHUNKS = "no chunks with embeddings: load documents first (kg load docs …)"


def check_request(question: str, retriever: str, k: int) -> None:
    """Refuse a request no retriever can answer, before anything reaches the database."""
    if retriever not in RETRIEVERS:
        raise UnknownRetrieverError(
            f"no retriever {retriever!r}: choose one of {', '.join(RETRIEVER_NAMES)}"
        )
    if k < 1:
        raise UserError(f"k must be at least 1 (got {k})")
    if not question.strip():
        raise UserError("the question is empty")
