"""De-duplication fetches content vectors only for tasks close in wording to another, and
the choice of a sample's tasks, which finds repeats before the checks, chooses what
checking every task and then comparing every pair in full would choose."""

from __future__ import annotations

from collections.abc import Collection, Sequence

import numpy as np
import pytest

from taskspace.core.laps import Laps
from taskspace.generators.templates.choice import choose
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


class Checks:
    """The checks a sample runs, as ``choose`` calls them: every task passes except the
    ones named; each round's tasks are recorded."""

    def __init__(self, failing: Collection[str] = ()) -> None:
        self.failing = set(failing)
        self.rounds: list[list[str]] = []

    def __call__(self, tasks: Sequence[Task]) -> set[str]:
        self.rounds.append([task.id for task in tasks])
        return {task.id for task in tasks if task.id not in self.failing}


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
def test_the_choice_keeps_what_comparing_every_pair_keeps(
    graph: Graph, candidates: list[Task], threshold: float
) -> None:
    expected = kept_in_full(graph, candidates, threshold)
    assert len(expected) < len(candidates) or threshold >= 0.9

    embedder = CountingModel()
    checks = Checks()
    choice = choose(
        iter(candidates), 100, DuplicateFilter(graph, embedder, threshold), checks, Laps()
    )
    assert [task.id for task in choice.tasks] == expected
    assert choice.repeats == len(candidates) - len(expected)
    # Every check passes, so one round checks the tasks chosen and no repeat of them.
    assert checks.rounds == [expected]
    if threshold == 0.95:
        # Wording must be 90% alike before content can decide: the model embeds the
        # anchor texts of the tasks that close, not of every task (23 of these 60).
        assert len(embedder.texts) < len(candidates) / 2


@pytest.mark.parametrize("threshold", [0.5, 0.7])
def test_a_task_that_fails_its_checks_frees_its_repeats(
    graph: Graph, candidates: list[Task], threshold: float
) -> None:
    """Failing kept tasks out: what checking every task first and then de-duplicating the
    ones that pass would choose, whatever the failures."""
    reference = kept_in_full(graph, candidates, threshold)
    # Fail every second task the full rule keeps: the repeats they kept out come back.
    failing = set(reference[::2])
    passing = [task for task in candidates if task.id not in failing]
    expected = kept_in_full(graph, passing, threshold)
    assert set(expected) - set(reference), "no repeat was freed: the case tests nothing"

    for count in (len(expected), 5):
        checks = Checks(failing)
        choice = choose(
            iter(candidates), count, DuplicateFilter(graph, embed, threshold), checks, Laps()
        )
        assert [task.id for task in choice.tasks] == expected[:count]
        checked = [task_id for round_ in checks.rounds for task_id in round_]
        assert len(checked) == len(set(checked)), "a task was checked twice"
        assert len(checks.rounds) > 1


def test_the_count_stops_the_choice_and_repeats_count_only_before_it(
    graph: Graph, candidates: list[Task]
) -> None:
    doubled = [candidates[0], candidates[0], *candidates[1:]]
    checks = Checks()
    choice = choose(iter(doubled), 3, DuplicateFilter(graph, embed, 0.5), checks, Laps())
    assert choice.tasks[0].id == candidates[0].id
    assert len(choice.tasks) == 3
    assert choice.repeats >= 1  # the same task again repeats itself
    assert checks.rounds == [[task.id for task in choice.tasks]]
    none = choose(iter(candidates), 0, DuplicateFilter(graph, embed, 0.5), checks, Laps())
    assert none.tasks == [] and none.repeats == 0


def test_an_order_that_runs_out_gives_what_passes(graph: Graph, candidates: list[Task]) -> None:
    failing = {task.id for task in candidates[:10]}
    choice = choose(
        iter(candidates[:12]), 50, DuplicateFilter(graph, embed, 1.01), Checks(failing), Laps()
    )
    assert [task.id for task in choice.tasks] == [task.id for task in candidates[10:12]]
    assert choice.repeats == 0
    # Repeats left after the last task checked, in an order that runs out short of the
    # count, are still counted.
    first, second, third = candidates[:3]
    ending = [first, second, third, first, second]
    checks = Checks({third.id})
    choice = choose(iter(ending), 3, DuplicateFilter(graph, embed, 0.99), checks, Laps())
    assert [task.id for task in choice.tasks] == [first.id, second.id]
    assert choice.repeats == 2
    assert checks.rounds == [[first.id, second.id, third.id]]
