"""Causal paths on real Wikidata: the ATAI film slice and the Kahn/Karlsruhe entity JSON
(from ../shared/data; skipped with the reason when absent)."""

from __future__ import annotations

import pytest

from taskspace.generators.paths.difficulty import read_levels
from taskspace.generators.paths.sampler import sample_paths
from taskspace.generators.paths.shortfall import explain
from taskspace.graph.connection import Graph
from tests.support.paths import load_wikidata, problems
from tests.support.wikidata import FILM_SLICE, KAHN, KARLSRUHE, shared


@pytest.fixture(scope="module")
def films(session_graph: Graph) -> Graph:
    load_wikidata(session_graph, shared(FILM_SLICE))
    return session_graph


def test_film_slice_passes_through_no_unlabelled_item(films: Graph) -> None:
    """The slice labels its films but not their directors and cast (808 of 8,578 items):
    a path through "the director of “Barnyard”" would pass through a bare QID. No walk
    takes such a hop; the report counts each refusal, and kg sample paths says so."""
    for level in (1, 2):
        report = sample_paths(films, level, 10, 0)
        for task in report.tasks:
            assert all(step.to_label for step in task.path), task.prompt
            assert problems(films, task) == [], task.prompt
        assert report.extras["refused"]["unlabelled_item"] > 1000, report.as_dict()
        said = explain(report, 10)
        assert f"{len(report.tasks)} of 10 level-{level} tasks" in said
        assert "target without a label" in said and "walks from 629 start items" in said


def test_film_slice_takes_no_open_reverse_move(films: Graph) -> None:
    """ "The film in the genre drama, released in 2018" is unique among the slice's
    films and matches hundreds in the world: films of a genre is never a step."""
    relaxed = read_levels(None)
    report = sample_paths(films, 1, 10, 3, levels=relaxed)
    taken = {(s.relation, s.reverse) for t in report.tasks for s in t.path}
    assert ("P136", True) not in taken


def test_entity_json_path_from_kahn_to_his_birthplace(session_graph: Graph) -> None:
    load_wikidata(session_graph, shared(KAHN), shared(KARLSRUHE))
    report = sample_paths(session_graph, 1, 1, 0, starts=["Q131261"])
    assert len(report.tasks) == 1, report.as_dict()
    task = report.tasks[0]
    assert [(s.relation, s.to_id) for s in task.path] == [("P19", "Q1040")]
    assert task.answer == "Karlsruhe" and "“Oliver Kahn”" in task.prompt
    assert problems(session_graph, task) == []
