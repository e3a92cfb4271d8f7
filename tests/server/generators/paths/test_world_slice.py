"""Causal paths on a real Wikidata slice with labelled people and places: the films of
Al Pacino, their directors and cast, birthplaces and countries (CoDEx-M item triples with
the KGTK tutorial slice's labels, classes and dates; tests/fixtures/SOURCES.md).

Each step must be unique over every candidate the graph holds and, where the slice
cannot hold every candidate (a person's films, a film's cast), over the world's: those
steps carry a full date. A forward step along a property that is not functional in the
world (citizenship, country, continent) carries a date of its target, or is refused."""

from __future__ import annotations

import pytest

from taskspace.generators.paths.cardinality import MANY_VALUED, make_unique
from taskspace.generators.paths.describe import vocabulary
from taskspace.generators.paths.lints import path_lints
from taskspace.generators.paths.sampler import path_reader, sample_paths
from taskspace.generators.paths.shortfall import explain
from taskspace.generators.paths.world import is_day, world
from taskspace.graph.connection import Graph
from taskspace.tasks.model import StepConstraint
from tests.support.paths import FIXTURES, load_wikidata, problems

SLICE = FIXTURES / "codex_kgtk_pacino.nt"
PACINO = "Q41163"
TALIA_SHIRE, NEW_YORK_CITY, USA = "Q108622", "Q60", "Q30"
DE_NIRO, ITALY = "Q36949", "Q38"
DETROIT, NORTH_AMERICA = "Q12439", "Q49"


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


def test_a_many_valued_forward_step_is_narrowed_by_a_date_or_refused(pacino: Graph) -> None:
    """Talia Shire is a citizen of one country in this excerpt, but citizenship has no
    single value in the world (the slice this excerpt comes from gives Chiang Kai-shek one
    of his): the step names the country's founding day. Robert De Niro has two, and the
    date picks Italy. Detroit is on one continent here, and continents carry no date: the
    step is refused as ``many_valued``. Place of birth is functional and stays bare."""
    read, known = path_reader(pacino), world()
    attributes = vocabulary().secondary_attributes
    assert make_unique(read, known, ("P27", False), TALIA_SHIRE, USA, 1, attributes) == [
        StepConstraint(kind="value", pid="P571", value="1776-07-04")
    ]
    assert make_unique(read, known, ("P27", False), DE_NIRO, ITALY, 2, attributes) == [
        StepConstraint(kind="value", pid="P571", value="1946-06-18")
    ]
    continent = make_unique(read, known, ("P30", False), DETROIT, NORTH_AMERICA, 1, attributes)
    assert continent == MANY_VALUED
    assert make_unique(read, known, ("P19", False), TALIA_SHIRE, NEW_YORK_CITY, 1, attributes) == []


def test_sampled_forward_steps_along_many_valued_properties_carry_a_date(pacino: Graph) -> None:
    """Every forward step of a sample from the excerpt that is not along place of birth
    names a date of its target in the prompt; the refused hops are counted and explained,
    and the same task with that date taken out is linted ``not_unique``."""
    report = sample_paths(pacino, 2, 6, 0)
    assert report.tasks, report.as_dict()
    narrowed = []
    for task in report.tasks:
        assert problems(pacino, task) == [], task.prompt
        for step in task.path:
            assert step.relation != "P30", task.prompt
            if not step.reverse and step.relation != "P19":
                rule = world().rule(step.relation, False)
                assert rule is not None, step
                dates = [c for c in step.constraints if rule.met_by(c.kind, c.pid, c.value)]
                assert dates and dates[0].value.lstrip("0") in task.prompt, task.prompt
                if step.relation in ("P27", "P17"):
                    narrowed.append((task, step))
    assert narrowed, [t.prompt for t in report.tasks]
    assert report.extras["refused"][MANY_VALUED] > 0
    assert "no date to narrow it" in explain(report, 6)
    task, step = narrowed[0]
    bare = task.model_copy(
        update={
            "id": task.id + "-bare",
            "path": [
                s if s is not step else s.model_copy(update={"constraints": []}) for s in task.path
            ],
        }
    )
    assert path_lints(path_reader(pacino), world(), [task, bare]) == {
        task.id: None,
        bare.id: "not_unique",
    }


def test_a_step_told_by_property_id_is_linted(pacino: Graph) -> None:
    """The excerpt has no property labels; a step whose property had no phrase would read
    "the P112 of …": such a prompt is dropped as ``property_id``."""
    task = sample_paths(pacino, 1, 1, 0).tasks[0]
    unnamed = task.model_copy(
        update={"id": task.id + "-pid", "prompt": task.prompt + " Then find the P112 of it."}
    )
    assert path_lints(path_reader(pacino), world(), [task, unnamed]) == {
        task.id: None,
        unnamed.id: "property_id",
    }
