"""The page graph of real public episodes (../shared/data): statistics and checked merges.

What was checked by hand, with the screenshots and dumps open:
- LlamaTouch trace_18: 2.png and 3.png are Duolingo's learning path, 3.png with the lesson
  popup the tap on the "oval" opened: one page. 4.png (SessionActivity) is the lesson.
- AitZ GOOGLE_APPS-523638528775825151: an email set-up screen, the home screen, the app
  drawer (after "swipe up") and the clock: four pages, each action leaves its page.
- DroidBot calendar UTG: the month view with "July" and the same view saying "you don't
  have any upcoming events" are one page (different state hashes); the "Change view"
  dialog with Monthly or Simple event list ticked is one page.
- Mind2Web: episodes of one site start on its start page; two Kohl's tasks both tap
  "Shop by Category" there, so that transition carries both tasks.
"""

from __future__ import annotations

import json
from itertools import islice
from pathlib import Path

import pytest
from click.testing import CliRunner

from taskspace.cli.main import cli
from taskspace.graph.connection import Graph
from taskspace.guidelines import Guide
from taskspace.sources.episodes.formats import read_episodes
from taskspace.sources.episodes.loader import EpisodeLoadReport, load_episode_items, read_all
from tests.support import SHARED_DATA

GUI = SHARED_DATA / "gui"
TRACE = GUI / "llamatouch" / "trace_18"
AITZ = GUI / "aitz_episode"
UTG = GUI / "autodroid_utg" / "calendar_utg.yaml"
MIND2WEB = SHARED_DATA / "benchmarks" / "mind2web" / "mind2web_raw_tasks.json"
DUOLINGO_TASK = "Practice pronunciation in French in Duolingo."


def _need(*paths: Path) -> None:
    for path in paths:
        if not path.exists():
            pytest.skip(f"real test data is absent: {path} (../shared/data)")


def _load(graph: Graph, *paths: Path) -> EpisodeLoadReport:
    report = load_episode_items(graph, read_all(list(paths), None))
    assert report.errors == []
    return report


def _placed(graph: Graph, dataset: str) -> list[tuple[int, str, str, bool]]:
    rows = graph.read_text(
        "MATCH (e:Episode {dataset: $dataset})-[:HAS_STEP]->(s:Step)-[:ON_SCREEN]->(a:Screen) "
        "MATCH (s)-[:LEADS_TO]->(b:Screen) "
        "RETURN s.index AS i, a.id AS on, b.id AS to, s.jumped AS jumped ORDER BY i",
        dataset=dataset,
    )
    return [(r["i"], r["on"], r["to"], r["jumped"]) for r in rows]


def test_llamatouch_trace(graph: Graph) -> None:
    _need(TRACE)
    report = _load(graph, TRACE)
    stats = report.as_dict()
    assert {k: stats[k] for k in ("episodes", "images", "screens", "transitions", "actions")} == {
        "episodes": 1,
        "images": 5,
        "screens": 4,
        "transitions": 3,
        "actions": 4,
    }
    placed = _placed(graph, "uiautomator")
    assert [jumped for *_, jumped in placed] == [True, True, False, True]
    learn = placed[2][1]
    assert placed[3][1] == learn  # the popup over the learning path is the same page
    edges = graph.read_text(
        "MATCH (a:Screen {id: $id})-[t:TRANSITION]->(b:Screen) "
        "RETURN t.actions AS actions, t.tasks AS tasks, b.activity AS activity",
        id=learn,
    )
    assert edges == [
        {
            "actions": ['tap "oval"', 'tap "START +10 XP"'],
            "tasks": [DUOLINGO_TASK],
            "activity": "com.duolingo.session.SessionActivity",
        }
    ]
    screen = graph.read_text("MATCH (s:Screen {id: $id}) RETURN s.image AS image", id=learn)
    assert screen[0]["image"].endswith("trace_18/2.png")  # the first visit represents it


def test_guide_from_a_real_ui_dump_and_screenshot(graph: Graph, server_env: dict[str, str]) -> None:
    _need(TRACE)
    _load(graph, TRACE)
    found = Guide(graph).for_screen(
        ui_dump=TRACE / "3.xml", screenshot=TRACE / "3.png", n=1, layers=2
    )
    assert [(g.actions, g.tasks) for g in found] == [
        (['tap "oval"', 'tap "START +10 XP"'], [DUOLINGO_TASK])
    ]
    assert found[0].start_summary.startswith("com.duolingo LoginActivity")
    result = CliRunner().invoke(
        cli,
        ["guide", "--ui-dump", str(TRACE / "1.xml"), "-n", "1", "--layers", "2", "--json"],
        env=server_env,
    )
    assert result.exit_code == 0, result.output
    from_home = json.loads(result.output)
    assert [(g["actions"], g["tasks"]) for g in from_home] == [  # one edge leaves home
        (['tap "Duolingo"'], [DUOLINGO_TASK])
    ]


def test_aitz_episode(graph: Graph) -> None:
    _need(AITZ)
    report = _load(graph, AITZ)
    stats = report.as_dict()
    # Four screenshots of four different pages: nothing to merge; "complete" is no action.
    assert (stats["images"], stats["screens"], stats["transitions"], stats["actions"]) == (
        4,
        4,
        3,
        3,
    )
    edges = graph.read_text(
        "MATCH (a:Screen)-[t:TRANSITION]->(b:Screen) RETURN t.actions AS actions, "
        "b.summary AS reached ORDER BY reached"
    )
    assert sorted(tuple(e["actions"]) for e in edges) == [
        ("press home",),
        ("swipe up",),
        ('tap "Cleck"',),  # the OCR's spelling, as the input gives it
    ]
    clock = next(e for e in edges if e["actions"] == ['tap "Cleck"'])
    assert clock["reached"].startswith("The screenshot shows the clock application")


def test_droidbot_calendar_graph(graph: Graph) -> None:
    _need(UTG)
    episode = next(iter(read_episodes(UTG)))
    assert not isinstance(episode, Exception)
    states = [o.state_key or "" for o in episode.observations()]
    report = _load(graph, UTG)
    stats = report.as_dict()
    assert stats["steps"] == len(states) == 68 and len(set(states)) == 36
    assert stats["screens"] < len(set(states))  # fewer pages than DroidBot states
    assert stats["transitions"] <= stats["actions"] == 67
    placed = {i: on for i, on, _, _ in _placed(graph, "droidbot")}
    by_state = {states[i][:6]: screen for i, screen in placed.items()}
    assert by_state["e0d0c8"] == by_state["6007ea"]  # month view, with and without events
    assert by_state["f0bfe9"] == by_state["fcb390"]  # the "Change view" dialog
    assert by_state["e0d0c8"] != by_state["f0bfe9"]
    change = graph.read_text(
        "MATCH (a:Screen {id: $a})-[t:TRANSITION]->(b:Screen {id: $b}) RETURN t.actions AS a",
        a=by_state["e0d0c8"],
        b=by_state["f0bfe9"],
    )
    assert {"a": ['tap "Change view"']} in change


def test_mind2web_slice(graph: Graph) -> None:
    _need(MIND2WEB)
    episodes = list(islice(read_all([MIND2WEB], None), 60))
    sites = {e.app or "" for e in episodes if not isinstance(e, Exception)}
    report = load_episode_items(graph, episodes)
    stats = report.as_dict()
    assert stats["episodes"] == 60 and stats["images"] == 0 and stats["errors"] == 0
    assert stats["screens"] < stats["steps"] and stats["transitions"] <= stats["actions"]
    starts = graph.read_text(
        "MATCH (s:Screen {key: 'start'}) RETURN s.app AS app, s.platform AS platform"
    )
    assert sorted(r["app"] for r in starts) == sorted(sites) and len(sites) == 28
    assert {r["platform"] for r in starts} == {"web"}
    shared = graph.read_text(
        "MATCH (a:Screen {app: 'kohls', key: 'start'})-[t:TRANSITION]->() "
        "WHERE t.actions = ['tap \"Shop by Category\"'] RETURN t.tasks AS tasks"
    )
    assert shared == [
        {
            "tasks": [
                "Find the highest rated dog collar under 10 dollar.",
                "Get the lowest priced plus size one piece active swimsuit in color black.",
            ]
        }
    ]


def test_cli_loads_every_real_input_and_reload_changes_nothing(
    graph: Graph, server_env: dict[str, str]
) -> None:
    _need(TRACE, AITZ, UTG)
    args = ["load", "episodes", str(TRACE), str(AITZ), str(UTG), "--json"]
    first = CliRunner().invoke(cli, args, env=server_env)
    assert first.exit_code == 0, first.output
    loaded = json.loads(first.output)
    assert loaded["datasets"] == {"aitw": 1, "droidbot": 1, "uiautomator": 1}
    # 4 + 4 screens from 5 + 4 screenshots, and the calendar's 25 pages from 36 states.
    assert (loaded["images"], loaded["screens"]) == (9, 33)
    assert loaded["transitions"] <= loaded["actions"]
    again = CliRunner().invoke(cli, args, env=server_env)
    assert again.exit_code == 0
    reloaded = json.loads(again.output)
    assert (reloaded["nodes_created"], reloaded["relationships_created"]) == (0, 0)
    assert reloaded["screens"] == loaded["screens"]
