"""Is a newly reached page one the graph already has? PG-Agent's two-level check.

Level one is semantic: the known screens whose summary embeddings are nearest to the new
page's (top ``n``, same app and platform, cosine at least the semantic threshold). Screens
already in the graph come from the ``screen_embedding`` vector index; screens created
earlier in the same load are searched here, in memory, because they are written in batches.
Level two is structural and visual: each candidate is compared with the new page by
:func:`taskspace.sources.episodes.pagegraph.verdict.compare` (state, activity, URL, UI tree,
screenshot,
text). The most alike candidate that passes wins; ties go to the smaller id, so the same
input always merges the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from taskspace.sources.episodes.pagegraph.features import ScreenFeatures
from taskspace.sources.episodes.pagegraph.verdict import Thresholds, compare


@dataclass
class Screen:
    """A page-graph screen: its id, its representative features and its description."""

    id: str
    features: ScreenFeatures
    summary: str
    vector: list[float] | None = None
    image: str | None = None
    """The representative screenshot: the one of the first visit."""
    key: str | None = None
    """For a screen nobody observed: how it was reached (see ``builder``)."""


@dataclass(frozen=True)
class Candidate:
    screen: Screen
    cosine: float


class ScreenMemory:
    """Screens created in this load, searched by cosine over their summary vectors."""

    def __init__(self) -> None:
        self.screens: list[Screen] = []
        self._vectors: list[NDArray[np.float32]] = []
        self._matrix: NDArray[np.float32] | None = None

    def add(self, screen: Screen) -> None:
        if screen.vector is None:
            return
        self.screens.append(screen)
        self._vectors.append(np.asarray(screen.vector, dtype=np.float32))
        self._matrix = None

    def nearest(
        self, features: ScreenFeatures, vector: Sequence[float], n: int, threshold: float
    ) -> list[Candidate]:
        if not self.screens:
            return []
        if self._matrix is None:
            self._matrix = np.vstack(self._vectors)
        scores = self._matrix @ np.asarray(vector, dtype=np.float32)
        found = [
            Candidate(screen, float(score))
            for screen, score in zip(self.screens, scores, strict=True)
            if score >= threshold
            and screen.features.platform == features.platform
            and screen.features.app == features.app
        ]
        found.sort(key=lambda candidate: (-candidate.cosine, candidate.screen.id))
        return found[:n]


def best_match(
    features: ScreenFeatures, candidates: Sequence[Candidate], thresholds: Thresholds
) -> Screen | None:
    """The candidate that is the same page, most alike first; None when none is."""
    passing: list[tuple[float, float, str, Screen]] = []
    seen: set[str] = set()
    for candidate in candidates:
        if candidate.screen.id in seen:
            continue
        seen.add(candidate.screen.id)
        verdict = compare(features, candidate.screen.features, thresholds)
        if verdict.same:
            passing.append(
                (-verdict.score, -candidate.cosine, candidate.screen.id, candidate.screen)
            )
    return min(passing, key=lambda item: item[:3])[3] if passing else None
