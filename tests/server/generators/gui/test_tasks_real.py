"""GUI navigation tasks a careful reader accepts, on real episodes (issue #24).

Real inputs: two AutoDroid/DroidBot exploration graphs (dialer, SMS Messenger) and the
Mind2Web-Live excerpt. Each test shows one defect class gone: goals named by address and
reached by "go to" an address; typed text no task asked for; routes that go on after the
goal or come back to the start; two tasks with one goal.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from inspect_ai.log import read_eval_log

from taskspace.agents.gui.route import plan, read_prompt
from taskspace.cli.main import cli
from taskspace.generators.gui.lints import untasked_text
from taskspace.generators.gui.sampler import rederive_gui, sample_gui
from taskspace.generators.gui.space import read_space
from taskspace.generators.gui.walks import Route
from taskspace.graph.connection import Graph
from taskspace.sources.episodes.formats import read_episodes
from taskspace.sources.episodes.loader import load_episode_items
from taskspace.sources.episodes.model import Episode
from taskspace.tasks.store import write_jsonl
from tests.support.locations import TESTS
from tests.support.trace import looked_at

REAL = TESTS / "fixtures" / "episodes" / "real"
DIALER = REAL / "autodroid" / "dialer" / "utg.yaml"
MESSENGER = REAL / "autodroid" / "messenger" / "utg.yaml"
LIVE = REAL / "mind2web_live" / "mind2web-live_test_excerpt.json"


def _episodes(path: Path) -> list[Episode]:
    return [e for e in read_episodes(path) if isinstance(e, Episode)]


@pytest.fixture(scope="module")
def loaded(session_graph: Graph) -> Graph:
    """The three real inputs, loaded once for this module (the graph emptied first)."""
    session_graph.run_autocommit(
        "MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 10000 ROWS"
    )
    for path in (DIALER, MESSENGER, LIVE):
        load_episode_items(session_graph, _episodes(path))
    return session_graph


def test_no_goal_named_by_address_and_no_go_to(loaded: Graph) -> None:
    report = sample_gui(loaded, 200, seed=0, max_hops=3)
    for task in report.tasks:
        assert not re.search(r"https?://|/\w", task.prompt), task.prompt
        assert "go to " not in task.answer, task.answer
    # Mind2Web-Live screens show only their address: none is a start or goal.
    assert {app for task in report.tasks for app in task.apps} <= {"dialer", "messenger"}
    assert report.lints.get("indistinct_screen", 0) > 0


def test_typed_text_must_come_from_the_task(loaded: Graph) -> None:
    # The SMS Messenger explorer typed "12345" into the block-number dialog ("explore").
    space = read_space(loaded, "messenger", "android")
    typing = [hop for hop in space.walks.hops.values() if "12345" in " ".join(hop.actions)]
    assert [hop.tasks for hop in typing] == [("explore messenger",)]
    reason = untasked_text(Route((typing[0],)))
    assert reason is not None and "'12345'" in reason
    report = sample_gui(loaded, 200, seed=0, max_hops=3, app="messenger")
    assert report.tasks and all("12345" not in task.answer for task in report.tasks)
    assert all(" type " not in task.prompt for task in report.tasks)


def test_routes_end_at_the_first_goal_screen_and_never_come_back(loaded: Graph) -> None:
    report = sample_gui(loaded, 200, seed=1, max_hops=3, app="dialer")
    assert len(report.tasks) >= 10
    space = read_space(loaded, "dialer", "android")
    for task in report.tasks:
        cues = [c.value for c in task.success]
        screens = [task.anchor] + [hop.end for hop in task.route]
        shows = [space.screens.screens[s].shows(cues) for s in screens]
        assert shows[-1] and not any(shows[:-1]), (task.prompt, shows)
        for cue in cues:
            assert f"“{cue}”" in task.prompt
        assert "press back" not in task.answer and 'tap "Cancel"' not in task.answer
        assert rederive_gui(loaded, task)


def test_the_merged_dialog_is_described_by_what_all_its_views_show(loaded: Graph) -> None:
    # The dialer graph merges the block-number dialog ("Number", "Enter a number or a
    # pattern …") with the "Create a new group" dialog (records 40 and 47): both have
    # Cancel / OK. Before, "tap No groups" led to a goal described as the block-number
    # dialog; now neither dialog's own text describes the merged screen.
    space = read_space(loaded, "dialer", "android")
    merged = [s for s in space.screens.screens.values() if "Enter a number" in s.features.text]
    assert merged
    for screen in merged:
        assert not any(item.startswith("Enter a number") for item in screen.items)
    report = sample_gui(loaded, 200, seed=2, max_hops=3, app="dialer")
    assert all('tap "No groups"' not in task.answer for task in report.tasks)


def test_two_tasks_never_share_a_goal(loaded: Graph) -> None:
    report = sample_gui(loaded, 200, seed=3, max_hops=3)
    assert report.lints.get("same_goal", 0) > 0
    goals = [(tuple(task.apps), task.route[-1].end) for task in report.tasks]
    assert len(goals) == len(set(goals))
    described = [(tuple(task.apps), tuple(c.value for c in task.success)) for task in report.tasks]
    assert len(described) == len(set(described))


def test_gui_route_runs_gui_tasks_offline_and_other_kinds_are_refused(
    loaded: Graph, server_env: dict[str, str], tmp_path: Path
) -> None:
    # #26: `kg sample gui` tasks had no agent; the route agent plans over the page graph
    tasks = sample_gui(loaded, 200, seed=0, max_hops=3).tasks
    assert len(tasks) >= 10
    # it reads the prompt alone: app, start texts, goal texts
    reading = read_prompt(tasks[0].prompt)
    assert reading is not None and reading.app == tasks[0].apps[0]
    assert reading.goal == tuple(c.value for c in tasks[0].success)
    found = plan(loaded, reading)
    assert tasks[0].anchor in found.starts and found.actions
    out = tmp_path / "gui.jsonl"
    write_jsonl(tasks, out)
    run = ["eval", "run", str(out), "--display", "none"]
    result = CliRunner().invoke(cli, [*run, "--agent", "gui-route", "--json"], env=server_env)
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["status"] == "success" and summary["kind"] == "gui"
    assert summary["samples"] == len(tasks) and summary["errors"] == 0
    assert summary["successes"] > 0, summary
    # each transcript names the screens the texts matched and the route over transitions
    screens = {r["id"] for r in loaded.read_text("MATCH (s:Screen) RETURN s.id AS id")}
    by_id = {task.id: task for task in tasks}
    for sample in read_eval_log(summary["log"], resolve_attachments=True).samples or []:
        (matched,) = looked_at(sample, "screens", source="gui-route")
        (route,) = looked_at(sample, "route", source="gui-route")
        task = by_id[str(sample.id)]
        assert matched["app"] == task.apps[0]
        assert matched["goal_texts"] == [c.value for c in task.success]
        assert set(matched["starts"]) | set(matched["goals"]) <= screens
        assert set(route["screens"]) <= screens
        if route["screens"]:
            assert route["screens"][0] in matched["starts"]
            assert route["screens"][-1] in matched["goals"]
        assert " → ".join(route["actions"]) == sample.output.completion
    refused = CliRunner().invoke(cli, [*run, "--agent", "extractive"], env=server_env)
    assert refused.exit_code == 1
    assert refused.output.strip().splitlines() == [
        "Error: agent 'extractive' solves doc tasks; these are gui tasks: use one of gui-route"
    ]
