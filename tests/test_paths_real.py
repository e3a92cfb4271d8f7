"""Causal paths on real Wikidata: the ATAI film slice and the Kahn/Karlsruhe entity JSON
(from ../shared/data; skipped with the reason when absent)."""

from __future__ import annotations

import pytest

from taskspace.graph.connection import Graph
from taskspace.paths.sampler import sample_paths
from tests.paths_support import load_wikidata, problems
from tests.wikidata_support import FILM_SLICE, KAHN, KARLSRUHE, shared


@pytest.fixture(scope="module")
def films(session_graph: Graph) -> Graph:
    load_wikidata(session_graph, shared(FILM_SLICE))
    return session_graph


def test_film_slice_gives_level_one_and_level_three_paths(films: Graph) -> None:
    easy = sample_paths(films, 1, 10, 0)
    assert len(easy.tasks) == 10, easy.as_dict()
    hard = sample_paths(films, 3, 2, 0)
    assert len(hard.tasks) == 2, hard.as_dict()
    for task in easy.tasks + hard.tasks:
        assert problems(films, task) == [], task.prompt
        # films, albums and the people behind them: the apps whose classes the slice has
        assert set(task.apps) <= {"moviedb", "music_player", "video_sharing", "tv_guide"}
    assert all(5 <= len(task.path) <= 7 for task in hard.tasks)
    # the slice's directors and cast have no labels: steps pass through them by QID
    passed = [s.answer for t in easy.tasks + hard.tasks for s in t.path[:-1]]
    assert any(answer.startswith("Q") and answer[1:].isdigit() for answer in passed)
    constrained = [c for t in easy.tasks + hard.tasks for s in t.path for c in s.constraints]
    assert constrained and {c.pid for c in constrained} <= {"P577", "P569"}


def test_film_slice_alone_has_too_few_apps_for_level_two(films: Graph) -> None:
    """Level 2 needs three apps; the slice's films and people reach at most two."""
    report = sample_paths(films, 2, 1, 0)
    assert report.tasks == [] and report.extras["walks"] == report.dropped["apps"]


def test_entity_json_path_from_kahn_to_his_birthplace(session_graph: Graph) -> None:
    load_wikidata(session_graph, shared(KAHN), shared(KARLSRUHE))
    report = sample_paths(session_graph, 1, 1, 0, starts=["Q131261"])
    assert len(report.tasks) == 1, report.as_dict()
    task = report.tasks[0]
    assert [(s.relation, s.to_id) for s in task.path] == [("P19", "Q1040")]
    assert task.answer == "Karlsruhe" and "“Oliver Kahn”" in task.prompt
    assert problems(session_graph, task) == []
