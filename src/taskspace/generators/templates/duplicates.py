"""De-duplication that reads stored vectors and runs the model only where they can matter.

Two tasks are duplicates when the cosine of their task vectors reaches the threshold, and
that cosine is ``CONTENT * content cosine + (1 - CONTENT) * wording cosine``
(:mod:`.vectors`). A content cosine is at most 1, so a pair whose *wording* cosine is below
``(threshold - CONTENT) / (1 - CONTENT)`` can never reach the threshold, whatever their
content. At the default threshold (0.95) that bound is 0.9: document prompts rarely come
that close, so their stored chunk vectors are read for a few tasks, not all (23 of 60 on
the project's example documents); web prompts share long frames (41 of 50 tasks have such
a partner on the MkDocs site), which is why web elements store their vectors too
(:mod:`taskspace.sources.web.element_vectors`). The decisions are the ones computing
every vector would give.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from taskspace.generators.templates.selection import WORDING_DIMENSIONS, Vectors, lexical_vectors
from taskspace.generators.templates.vectors import CONTENT, Embedder, content_vectors
from taskspace.graph.connection import Graph
from taskspace.tasks.model import Task

MARGIN = 1e-5
"""Float32 rounding room below the wording bound: a pair this close is checked in full."""


class DuplicateFilter:
    """The tasks kept so far, with their wording vectors and the content vectors fetched
    for them (only those some later task came close to in wording)."""

    def __init__(self, graph: Graph, embedder: Embedder, threshold: float) -> None:
        self.graph = graph
        self.embedder = embedder
        self.threshold = threshold
        self.wording_bound = (threshold - CONTENT) / (1 - CONTENT) - MARGIN
        self.kept: list[Task] = []
        self._wording = np.zeros((0, WORDING_DIMENSIONS), dtype=np.float32)
        self._content: dict[str, Vectors] = {}

    def admit(self, batch: Sequence[Task], room: int) -> tuple[list[Task], int]:
        """The tasks of ``batch``, in order, that duplicate no kept task (nor one admitted
        before them), at most ``room`` of them, now kept; and how many were dropped as
        duplicates before the room was filled."""
        if not batch or room <= 0:
            return [], 0
        wording = lexical_vectors([task.prompt for task in batch])
        self._fetch_content(batch, wording)
        admitted: list[Task] = []
        dropped = 0
        for task, words in zip(batch, wording, strict=True):
            if len(admitted) == room:
                break
            if self._duplicates_a_kept_task(task, words):
                dropped += 1
                continue
            admitted.append(task)
            self.kept.append(task)
            self._wording = np.vstack([self._wording, words[None]])
        return admitted, dropped

    def _duplicates_a_kept_task(self, task: Task, words: Vectors) -> bool:
        if not self.kept:
            return False
        wording = self._wording @ words
        for column in np.flatnonzero(wording >= self.wording_bound):
            content = float(self._content[task.id] @ self._content[self.kept[column].id])
            if CONTENT * content + (1 - CONTENT) * float(wording[column]) >= self.threshold:
                return True
        return False

    def _fetch_content(self, batch: Sequence[Task], wording: Vectors) -> None:
        """Content vectors, in one read and one model call at most, for every task of the
        batch close in wording to another task of the batch or a kept one, and for those
        kept ones: a superset of the pairs the decisions will compare."""
        within = wording @ wording.T
        np.fill_diagonal(within, -1.0)
        needed = {
            task.id: task
            for task, row in zip(batch, within, strict=True)
            if row.max() >= self.wording_bound
        }
        if self.kept:
            across = (wording @ self._wording.T) >= self.wording_bound
            for row, task in zip(across, batch, strict=True):
                if row.any():
                    needed[task.id] = task
            for column in np.flatnonzero(across.any(axis=0)):
                needed.setdefault(self.kept[column].id, self.kept[column])
        missing = [task for key, task in needed.items() if key not in self._content]
        if missing:
            vectors = content_vectors(self.graph, missing, self.embedder)
            self._content.update(zip((task.id for task in missing), vectors, strict=True))
