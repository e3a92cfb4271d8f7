"""neo4j-graphrag's Embedder over our offline all-MiniLM-L6-v2, so its retrievers embed
questions exactly as the loaders embedded chunks (same model, unit length)."""

from __future__ import annotations

from neo4j_graphrag.embeddings.base import Embedder

from taskspace.models.embeddings.model import embed


class MiniLMEmbedder(Embedder):
    """``embed_query`` = :func:`taskspace.models.embeddings.model.embed` of one text."""

    def embed_query(self, text: str) -> list[float]:
        return embed([text])[0]
