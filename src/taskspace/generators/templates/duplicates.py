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

from collections.abc import Mapping, Sequence

import numpy as np

from taskspace.generators.templates.selection import WORDING_DIMENSIONS, Vectors, lexical_vectors
from taskspace.generators.templates.vectors import CONTENT, Embedder, content_vectors
from taskspace.graph.connection import Graph
from taskspace.tasks.model import Task

MARGIN = 1e-5
"""Float32 rounding room below the wording bound: a pair this close is checked in full."""


class DuplicateFilter:
    """The vectors de-duplication compares: each task's wording vector, and the content
    vectors of the tasks some other task came close to in wording (read in one query and
    embedded in one model call per :meth:`prepare`)."""

    def __init__(self, graph: Graph, embedder: Embedder, threshold: float) -> None:
        self.graph = graph
        self.embedder = embedder
        self.threshold = threshold
        self.wording_bound = (threshold - CONTENT) / (1 - CONTENT) - MARGIN
        self._seen: list[Task] = []
        self._seen_wording = np.zeros((0, WORDING_DIMENSIONS), dtype=np.float32)
        self._wording: dict[str, Vectors] = {}
        self._content: dict[str, Vectors] = {}

    def prepare(self, tasks: Sequence[Task], known: Mapping[str, Vectors] | None = None) -> None:
        """Make ``tasks`` comparable with each other and with every task prepared before:
        their wording vectors (from ``known`` by task id when the caller has them), and
        the content vectors of each of them close in wording to another prepared task, and
        of that other one: a superset of the pairs :meth:`repeats` will compare. A task met
        twice (the same id) is compared with itself, so it needs its content vector too."""
        fresh_by_id: dict[str, Task] = {}
        needed: dict[str, Task] = {}
        for task in tasks:
            if task.id in self._wording or task.id in fresh_by_id:
                needed[task.id] = task
            else:
                fresh_by_id[task.id] = task
        fresh = list(fresh_by_id.values())
        if fresh:
            self._compare_wording(fresh, known, needed)
        missing = [task for key, task in needed.items() if key not in self._content]
        if missing:
            vectors = content_vectors(self.graph, missing, self.embedder)
            self._content.update(zip((task.id for task in missing), vectors, strict=True))

    def _compare_wording(
        self, fresh: list[Task], known: Mapping[str, Vectors] | None, needed: dict[str, Task]
    ) -> None:
        """Record the wording vectors of tasks never prepared, and add to ``needed`` each of
        them close in wording to another prepared task, and that other one."""
        if known is not None and all(task.id in known for task in fresh):
            wording = np.stack([known[task.id] for task in fresh])
        else:
            wording = lexical_vectors([task.prompt for task in fresh])
        self._wording.update(zip((task.id for task in fresh), wording, strict=True))
        within = wording @ wording.T
        np.fill_diagonal(within, -1.0)
        needed.update(
            (task.id, task)
            for task, row in zip(fresh, within, strict=True)
            if row.max() >= self.wording_bound
        )
        if self._seen:
            across = (wording @ self._seen_wording.T) >= self.wording_bound
            for row, task in zip(across, fresh, strict=True):
                if row.any():
                    needed[task.id] = task
            for column in np.flatnonzero(across.any(axis=0)):
                needed.setdefault(self._seen[column].id, self._seen[column])
        self._seen.extend(fresh)
        self._seen_wording = np.vstack([self._seen_wording, wording])

    def kept(self) -> Kept:
        """An empty list of kept tasks to compare prepared tasks with."""
        return Kept(self)

    def wording_of(self, task: Task) -> Vectors:
        """The wording vector of a prepared task."""
        return self._wording[task.id]

    def repeats(self, task: Task, kept: Kept) -> bool:
        """Whether prepared ``task`` duplicates one of ``kept``."""
        if not kept.tasks:
            return False
        wording = kept.wording() @ self.wording_of(task)
        for column in np.flatnonzero(wording >= self.wording_bound):
            content = float(self._content[task.id] @ self._content[kept.tasks[column].id])
            if CONTENT * content + (1 - CONTENT) * float(wording[column]) >= self.threshold:
                return True
        return False


class Kept:
    """Prepared tasks kept so far, in order, with their wording vectors in one matrix that
    grows by doubling (a sample compares each candidate with every task kept before it)."""

    def __init__(self, duplicates: DuplicateFilter) -> None:
        self._duplicates = duplicates
        self.tasks: list[Task] = []
        self._rows = np.zeros((16, WORDING_DIMENSIONS), dtype=np.float32)

    def add(self, task: Task) -> None:
        if len(self.tasks) == len(self._rows):
            self._rows = np.vstack([self._rows, np.zeros_like(self._rows)])
        self._rows[len(self.tasks)] = self._duplicates.wording_of(task)
        self.tasks.append(task)

    def wording(self) -> Vectors:
        return self._rows[: len(self.tasks)]

    def copy(self) -> Kept:
        other = Kept(self._duplicates)
        other.tasks = list(self.tasks)
        other._rows = self._rows.copy()
        return other
