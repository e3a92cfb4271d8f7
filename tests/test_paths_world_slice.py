"""Causal paths on a real Wikidata slice with labelled people and places: the films of
Al Pacino, their directors and cast, birthplaces and countries (CoDEx-M item triples with
the KGTK tutorial slice's labels, classes and dates; tests/fixtures/SOURCES.md).

Each step must be unique over every candidate the graph holds and, where the slice
cannot hold every candidate (a person's films, a film's cast), over the world's: those
steps carry a full date."""

from __future__ import annotations

import pytest

from taskspace.graph.connection import Graph
from taskspace.paths.lints import path_lints
from taskspace.paths.sampler import path_reader, sample_paths
from taskspace.paths.world import is_day, world
from taskspace.tasks.model import StepConstraint
from tests.paths_support import FIXTURES, load_wikidata, problems

SLICE = FIXTURES / "codex_kgtk_pacino.nt"
PACINO = "Q41163"


@pytest.fixture(scope="module")
def pacino(session_graph: Graph) -> Graph:
    load_wikidata(session_graph, SLICE)
    return session_graph


def test_open_steps_carry_a_full_date(pacino: Graph) -> None:
    report = sample_paths(pacino, 2, 4, 0, starts=[PACINO])
    assert report.tasks, report.as_dict()
    for task in report.tasks:
        assert problems(pacino, task) == [], task.prompt
        for step in task.path:
            assert step.to_label, task.prompt
            assert (step.relation, step.reverse) != ("P136", True)
            if step.reverse or step.relation == "P161":
                days = [c for c in step.constraints if c.kind == "value" and is_day(c.value)]
                assert days, task.prompt
                assert f"on {days[0].value}" in task.prompt
    assert report.extras["refused"].get("open_world", 0) > 0


def test_a_year_that_only_the_slice_makes_unique_is_linted(pacino: Graph) -> None:
    """The same task with its film picked by release year alone: unique among the films
    the slice holds, but a person's films of one year are not one film in the world."""
    report = sample_paths(pacino, 2, 4, 0, starts=[PACINO])
    task = next(t for t in report.tasks if t.path[0].reverse)
    first = task.path[0]
    year = StepConstraint(kind="year", pid="P577", value=first.constraints[-1].value[:4])
    weakened = task.model_copy(
        update={"path": [first.model_copy(update={"constraints": [year]}), *task.path[1:]]}
    )
    verdicts = path_lints(path_reader(pacino), world(), [task, weakened])
    assert verdicts == {task.id: None, weakened.id: "not_unique"} or (
        weakened.id == task.id and verdicts[task.id] == "not_unique"
    )
