"""Sentence embeddings (all-MiniLM-L6-v2, 384-d), loaded offline from a PyPI package."""

from taskspace.models.embeddings.model import (
    DIMENSIONS,
    MODEL_NAME,
    embed,
    embed_matrix,
    get_model,
    torch_matrix,
)

__all__ = ["DIMENSIONS", "MODEL_NAME", "embed", "embed_matrix", "get_model", "torch_matrix"]
