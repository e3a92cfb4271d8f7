"""Causal paths on real Wikidata: the ATAI film slice and the Kahn/Karlsruhe entity JSON
(from ../shared/data; skipped with the reason when absent)."""

from __future__ import annotations

from pathlib import Path

import pytest

from taskspace.graph.connection import Graph
from taskspace.paths.difficulty import default_levels, read_levels
from taskspace.paths.sampler import sample_paths
from tests.paths_support import load_wikidata, problems
from tests.wikidata_support import FILM_SLICE, KAHN, KARLSRUHE, shared


@pytest.fixture(scope="module")
def films(session_graph: Graph) -> Graph:
    load_wikidata(session_graph, shared(FILM_SLICE))
    return session_graph


def test_film_slice_gives_level_one_paths(films: Graph) -> None:
    easy = sample_paths(films, 1, 10, 0)
    assert len(easy.tasks) == 10, easy.as_dict()
    for task in easy.tasks:
        assert problems(films, task) == [], task.prompt
        # the recorded level and apps are what the shipped levels make of the steps taken
        assert task.apps == list(dict.fromkeys(step.app for step in task.path))
        assert task.level == default_levels().level_of(len(task.path), len(task.apps)) == 1
        # films and the people behind them: the apps whose classes the slice has
        assert set(task.apps) <= {"moviedb", "music_player", "video_sharing", "tv_guide"}
    # the slice's directors and cast have no labels: steps pass through them by QID
    passed = [s.answer for t in easy.tasks for s in t.path[:-1]]
    assert any(answer.startswith("Q") and answer[1:].isdigit() for answer in passed)
    constrained = [c for t in easy.tasks for s in t.path for c in s.constraints]
    assert constrained and {c.pid for c in constrained} <= {"P577", "P569"}


def test_film_slice_has_no_path_across_three_apps(films: Graph, tmp_path: Path) -> None:
    """Level 3 asks for 6-7 steps in at least three apps; the slice's films and people are
    linked only to one another, so no walk qualifies. A levels file that lets level 3 stay
    in one app (as a user with a one-domain slice might write) gets long paths from it."""
    hard = sample_paths(films, 3, 2, 0)
    assert hard.tasks == [] and hard.extras["wanted"] == "6-7 steps in 3-7 apps"
    own = tmp_path / "levels.yaml"
    own.write_text(
        "levels:\n  3: {difficulty: hard, nodes: [5, 7], apps: [1, 7], atomic_tasks: [6, 7]}\n",
        encoding="utf-8",
    )
    relaxed = sample_paths(films, 3, 2, 0, levels=read_levels(own))
    assert len(relaxed.tasks) == 2, relaxed.as_dict()
    for task in relaxed.tasks:
        assert 6 <= len(task.path) <= 7 and task.level == 3
        assert problems(films, task) == [], task.prompt


def test_entity_json_path_from_kahn_to_his_birthplace(session_graph: Graph) -> None:
    load_wikidata(session_graph, shared(KAHN), shared(KARLSRUHE))
    report = sample_paths(session_graph, 1, 1, 0, starts=["Q131261"])
    assert len(report.tasks) == 1, report.as_dict()
    task = report.tasks[0]
    assert [(s.relation, s.to_id) for s in task.path] == [("P19", "Q1040")]
    assert task.answer == "Karlsruhe" and "“Oliver Kahn”" in task.prompt
    assert problems(session_graph, task) == []
