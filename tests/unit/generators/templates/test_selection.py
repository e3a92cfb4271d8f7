"""MMR picks relevant tasks that differ in what they cover, in a reproducible order."""

from __future__ import annotations

import zlib

import numpy as np

from taskspace.generators.templates.selection import lexical_vectors, select_mmr
from taskspace.tasks.model import Task


def _task(task_id: str, pattern: str, page: str, relevance: float = 1.0) -> Task:
    return Task(
        id=task_id,
        kind="doc",
        type="information_extraction",
        template=pattern,
        difficulty="easy",
        prompt=f"prompt {task_id}",
        answer="answer",
        anchor=f"el:{task_id}",
        fingerprint=f"fp:{task_id}",
        grounding=[],
        coverage={"pattern": [pattern], "page": [page], "difficulty": ["easy"]},
        relevance=relevance,
        seed=0,
    )


def test_mmr_prefers_tasks_that_cover_something_new() -> None:
    tasks = [
        _task("task:b", "section_title", "doc#p1"),
        _task("task:a", "section_title", "doc#p1"),
        _task("task:c", "table_cell", "doc#p2"),
        _task("task:d", "table_cell", "doc#p1"),
    ]
    # Orthogonal prompt vectors: only the coverage overlap makes tasks similar.
    vectors = np.eye(4, dtype=np.float32)
    picks = [task.id for task in select_mmr(tasks, vectors, 4)]
    # Equal relevance and nothing chosen: the smallest id first; then the task sharing
    # the fewest coverage values with it (c: 1 of 5), then d (2 of 4), then a's twin b.
    assert picks == ["task:a", "task:c", "task:d", "task:b"]
    # The order does not depend on the order the pool came in.
    assert [task.id for task in select_mmr(tasks[::-1], vectors[::-1], 4)] == picks


def test_mmr_weighs_relevance_against_redundancy() -> None:
    tasks = [
        _task("task:a", "section_title", "doc#p1", relevance=1.0),
        _task("task:b", "section_title", "doc#p1", relevance=0.95),
        _task("task:c", "table_cell", "doc#p2", relevance=0.5),
    ]
    vectors = np.eye(3, dtype=np.float32)
    assert [task.id for task in select_mmr(tasks, vectors, 2)] == ["task:a", "task:c"]
    # With relevance alone counting, the near twin comes before the distant one.
    assert [t.id for t in select_mmr(tasks, vectors, 2, balance=1.0)] == ["task:a", "task:b"]


def test_lexical_vectors_count_words_and_word_pairs_hashed() -> None:
    # "b a b": words b, a, b and pairs "b a", "a b", each hashed by crc32 into 1024 cells.
    [vector] = lexical_vectors(["B a, b"])
    expected = np.zeros(1024, dtype=np.float32)
    for feature in ["b", "a", "b", "b a", "a b"]:
        expected[zlib.crc32(feature.encode("utf-8")) % 1024] += 1.0
    assert np.allclose(vector, expected / np.linalg.norm(expected))
    same, other, empty = lexical_vectors(["B a, b", "c d", ""])
    assert np.allclose(same, vector) and float(other @ vector) == 0.0
    assert not empty.any()
