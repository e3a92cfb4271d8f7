"""The real embedding model, counting what it is asked: tests that assert the model runs
only where it must (de-duplication, the crawl's element vectors)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from taskspace.models.embeddings import embed, embed_matrix


class CountingModel:
    """Every text the model is asked for, kept in order, through either entry point."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def __call__(self, texts: Sequence[str]) -> list[list[float]]:
        """As the sampler calls it (vectors as lists)."""
        self.texts.extend(texts)
        return embed(texts)

    def matrix(self, texts: Sequence[str]) -> NDArray[np.float32]:
        """As the crawl calls it (one float32 array)."""
        self.texts.extend(texts)
        return embed_matrix(texts)
