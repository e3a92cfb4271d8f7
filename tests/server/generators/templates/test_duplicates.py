"""De-duplication fetches content vectors only for tasks close in wording to another, and
decides exactly as comparing every pair in full would."""

from __future__ import annotations

import numpy as np
import pytest

from taskspace.generators.templates.duplicates import DuplicateFilter
from taskspace.generators.templates.sampler import sample_tasks
from taskspace.generators.templates.selection import lexical_vectors
from taskspace.generators.templates.vectors import CONTENT, content_vectors
from taskspace.graph.connection import Graph
from taskspace.models.embeddings import embed
from taskspace.sources.documents.loader import load_documents
from taskspace.tasks.model import Task
from tests.support.embedders import CountingModel
from tests.support.locations import REPO

FIXTURES = REPO / "examples" / "documents"


def kept_in_full(graph: Graph, tasks: list[Task], threshold: float) -> list[str]:
    """The greedy rule with every task's full vector: a task is kept unless its similarity
    to a kept one reaches the threshold."""
    content = content_vectors(graph, tasks, embed)
    wording = lexical_vectors([task.prompt for task in tasks])
    similarity = CONTENT * (content @ content.T) + (1 - CONTENT) * (wording @ wording.T)
    kept: list[int] = []
    for index in range(len(tasks)):
        if not kept or float(np.max(similarity[index, kept])) < threshold:
            kept.append(index)
    return [tasks[index].id for index in kept]


@pytest.fixture
def candidates(graph: Graph) -> list[Task]:
    """Document tasks whose anchors have no stored vector: every content vector is the
    model's embedding of the anchor's text, as for web elements."""
    report = load_documents(graph, [FIXTURES])
    assert not report.failed, report.failed
    tasks = sample_tasks(graph, "doc", count=60, seed=3, duplicate_threshold=1.01).tasks
    assert len(tasks) >= 40
    graph.write_text("MATCH (c:Chunk) REMOVE c.embedding")
    return tasks


@pytest.mark.parametrize("threshold", [0.5, 0.7, 0.8, 0.9, 0.95])
def test_the_filter_keeps_what_comparing_every_pair_keeps(
    graph: Graph, candidates: list[Task], threshold: float
) -> None:
    expected = kept_in_full(graph, candidates, threshold)
    assert len(expected) < len(candidates) or threshold >= 0.9

    embedder = CountingModel()
    duplicates = DuplicateFilter(graph, embedder, threshold)
    kept: list[Task] = []
    dropped = 0
    for start in range(0, len(candidates), 7):  # batches, as the sampler verifies them
        admitted, gone = duplicates.admit(candidates[start : start + 7], 100)
        kept.extend(admitted)
        dropped += gone
    assert [task.id for task in kept] == expected
    assert dropped == len(candidates) - len(expected)
    if threshold == 0.95:
        # Wording must be 90% alike before content can decide: the model embeds the
        # anchor texts of the tasks that close, not of every task (23 of these 60).
        assert len(embedder.texts) < len(candidates) / 2


def test_room_stops_the_batch_and_later_tasks_are_judged_against_the_kept_ones(
    graph: Graph, candidates: list[Task]
) -> None:
    duplicates = DuplicateFilter(graph, embed, 0.5)
    admitted, dropped = duplicates.admit(candidates, 1)
    assert [task.id for task in admitted] == [candidates[0].id]
    assert dropped == 0
    # The same task again duplicates itself; the room is full after one.
    again, dropped = duplicates.admit([candidates[0]], 5)
    assert again == []
    assert dropped == 1
    assert duplicates.admit(candidates[1:], 0) == ([], 0)
