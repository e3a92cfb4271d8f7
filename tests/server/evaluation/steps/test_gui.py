"""kg eval run with replay-nearest on real GUI episodes loaded with kg load episodes:
AITW matching (element id where a screen has no geometry), results in the graph, the same
numbers in inspect's log, the CLI and the report."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from inspect_ai.log import read_eval_log

from taskspace.agents.gui.replay import ReplayNearest
from taskspace.cli.main import cli
from taskspace.environments.gui.view import EPISODE_KEY, gui_views
from taskspace.evaluation.steps.gui.scoring import episode_rule, score_episode
from taskspace.graph.connection import Graph
from taskspace.sources.episodes.formats import read_episodes
from taskspace.sources.episodes.model import Action, Episode
from tests.support.episodes import FIXTURES, SHARED_GUI
from tests.support.messages_script_api import Block, first_user_text, messages_script_api, text
from tests.support.trace import looked_at

SOURCES = (
    SHARED_GUI / "aitz_episode",
    SHARED_GUI / "llamatouch" / "trace_18",
    SHARED_GUI / "autodroid_utg" / "calendar_utg.yaml",
    FIXTURES / "odyssey",
    FIXTURES / "uiautomator" / "trace_demo",
)


def kg(env: dict[str, str], *args: str) -> Any:
    return CliRunner().invoke(cli, list(args), env=env)


def _parsed() -> list[Episode]:
    return [e for src in SOURCES for e in read_episodes(src) if isinstance(e, Episode)]


@pytest.fixture(scope="module")
def loaded(session_graph: Graph, server_env: dict[str, str]) -> Iterator[list[Episode]]:
    if not SHARED_GUI.is_dir():
        pytest.skip(f"shared GUI episodes not found at {SHARED_GUI}")
    session_graph.run_autocommit("MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS")
    result = kg(server_env, "load", "episodes", *(str(s) for s in SOURCES), "--json")
    assert result.exit_code == 0, result.output
    yield _parsed()


def test_replay_nearest_is_scored_end_to_end(
    session_graph: Graph, server_env: dict[str, str], loaded: list[Episode], tmp_path: Path
) -> None:
    args = ("eval", "run", "all", "--agent", "replay-nearest", "--display", "none", "--json")
    result = kg(server_env, *args)
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    steps = sum(len(e.steps) for e in loaded)
    assert report["run"]["episodes"] == len(loaded) and report["run"]["steps"] == steps
    assert report["run"]["errors"] == 0
    # DroidBot screens have no size: matched by element id, never reported as AITW
    by_id = [e for e in loaded if episode_rule(e) == "element-id"]
    assert {e.dataset for e in by_id} == {"droidbot"}
    assert report["metrics"]["element-id"]["episodes"] == len(by_id)
    assert report["metrics"]["aitw"]["episodes"] == len(loaded) - len(by_id)
    run = report["run"]["run"]
    rows = session_graph.read_text(
        "MATCH (:Run {id: $run})-[a:ATTEMPTED]->(s:Step)<-[:HAS_STEP]-(e:Episode) "
        "RETURN e.key AS key, s.index AS index, a.action_match AS match, a.predicted AS p",
        run=run,
    )
    assert len(rows) == steps
    # the graph's verdicts are the pure rule's on the parsed episodes and stored predictions
    by_key = {e.id: e for e in loaded}
    predicted: dict[str, list[Action | None]] = {
        key: [None] * len(e.steps) for key, e in by_key.items()
    }
    for row in rows:
        stored = json.loads(row["p"])
        predicted[row["key"]][row["index"]] = Action.model_validate(stored) if stored else None
    expected = {
        (key, r.index): r.values["action_match"]
        for key, episode in by_key.items()
        for r in score_episode(episode, predicted[key])
    }
    assert {(r["key"], r["index"]): r["match"] for r in rows} == expected
    matched = sum(expected.values())
    assert report["metrics"]["all"]["action_match"] == round(matched / steps, 4)
    assert sum(1 for r in rows if r["p"] != "null") > 0  # the baseline does predict
    # each step's transcript names the known screens matched, with their similarity, and
    # the one whose action was replayed: screens of the graph, never the episode's own
    (log,) = session_graph.read_text("MATCH (r:Run {id: $run}) RETURN r.log_path AS p", run=run)
    screens = {r["id"] for r in session_graph.read_text("MATCH (s:Screen) RETURN s.id AS id")}
    for sample in read_eval_log(log["p"], resolve_attachments=True).samples or []:
        episode = by_key[Episode.model_validate_json(str(sample.metadata[EPISODE_KEY])).id]
        events = looked_at(sample, "neighbours", source="replay-nearest")
        assert [e["step"] for e in events] == list(range(len(episode.steps)))
        own = {
            r["id"]
            for r in session_graph.read_text(
                "MATCH (:Episode {key: $key})-[:HAS_STEP]->(:Step)-[:ON_SCREEN|LEADS_TO]->(s) "
                "RETURN s.id AS id",
                key=episode.id,
            )
        }
        for event in events:
            named = [n["screen"] for n in event["screens"]]
            assert set(named) <= screens and not set(named) & own
            similarity = [n["similarity"] for n in event["screens"]]
            assert similarity == sorted(similarity, reverse=True)
            assert (event["replayed"] in named) == (event["action"] is not None)
    success = session_graph.read_text(
        "MATCH (:Run {id: $run})-[a:ATTEMPTED]->(e:Episode) RETURN sum(toInteger(a.success)) AS n",
        run=run,
    )
    assert success[0]["n"] == round(report["metrics"]["all"]["episode_success"] * len(loaded))
    # the report's GUI section sums the same values back from the graph, per rule
    shown = kg(server_env, "eval", "report", run, "-o", str(tmp_path / "report.html"), "--json")
    assert shown.exit_code == 0, shown.output
    entries = {e["rule"]: e for e in json.loads(shown.output)["gui_metrics"]}
    assert set(entries) == {"aitw", "element-id"}
    assert entries["element-id"]["episodes"] == len(by_id)
    assert sum(e["steps"] for e in entries.values()) == steps
    assert json.loads(shown.output)["step_metrics"] == []
    # inspect's viewer and the report show the same run figures (micro over steps)
    recorded = json.loads(shown.output)["runs"][0]["metrics"]
    assert recorded["action_match"] == pytest.approx(matched / steps, abs=1e-6)
    assert recorded["episode_success"] == pytest.approx(
        report["metrics"]["all"]["episode_success"], abs=1e-4
    )
    html = (tmp_path / "report.html").read_text()
    assert 'id="gui_metrics"' in html and 'id="gui_metrics-bar-1-1"' in html
    # the same command again resumes the same run and adds no edge
    again = json.loads(kg(server_env, *args).output)
    assert again["run"]["run"] == run
    assert (
        len(
            session_graph.read_text(
                "MATCH (:Run {id: $run})-[a:ATTEMPTED]->(:Step) RETURN a", run=run
            )
        )
        == steps
    )


def test_replay_nearest_never_uses_its_own_episode(
    session_graph: Graph, loaded: list[Episode]
) -> None:
    memory = ReplayNearest(session_graph, k=5)
    own = {
        row["key"]: set(row["screens"])
        for row in session_graph.read_text(
            "MATCH (e:Episode)-[:HAS_STEP]->(:Step)-[:ON_SCREEN|LEADS_TO]->(s:Screen) "
            "RETURN e.key AS key, collect(DISTINCT s.id) AS screens"
        )
    }
    checked = 0
    for episode in loaded:
        metadata = {EPISODE_KEY: episode.model_dump_json()}
        for view in list(gui_views(metadata))[:3]:
            assert view.previous == tuple(s.action.summary() for s in episode.steps[: view.index])
            for row in memory.neighbours(view):
                assert row["key"] != episode.id
                assert row["screen"] not in own[episode.id]
                checked += 1
    assert checked > 0


def test_not_gui_episodes_and_wrong_agent_are_one_line(
    server_env: dict[str, str], loaded: list[Episode], tmp_path: Path
) -> None:
    missing = kg(server_env, "eval", "gui", str(tmp_path / "none.json"))
    assert missing.exit_code == 1
    assert "no GUI episodes" in missing.output and len(missing.output.strip().splitlines()) == 1
    wrong = kg(server_env, "eval", "gui", "all", "--agent", "extractive")
    assert wrong.exit_code == 1 and "not a GUI step agent" in wrong.output


def _reply(request: dict[str, Any]) -> list[Block]:
    """The scripted model: each role answers in its form; decisions tap "START +10 XP"
    when the screen lists it and press home otherwise."""
    prompt = first_user_text(request)
    if "global planning agent" in prompt:
        return [text("1. Open Duolingo\n2. Start a French lesson")]
    if "task parser" in prompt:
        return [text("TASK 1: open Duolingo | DEPENDS: none\nTASK 2: start a lesson | DEPENDS: 1")]
    if "observation agent" in prompt or "sub-task planning agent" in prompt:
        return [text("The Duolingo home screen; start the lesson.")]
    found = re.search(r"^\[(\d+)\] \S+ 'START \+10 XP'", prompt, re.M)
    action = f"TAP({found.group(1)})" if found else "SYS(home)"
    return [text(f"THOUGHT: go on\nACTION: {action}\nSTATUS: done\nRESULT: opened")]


def test_llm_agents_run_with_a_key_against_the_messages_api(
    session_graph: Graph, server_env: dict[str, str], loaded: list[Episode]
) -> None:
    # one server for both agents: inspect keeps the model it made for the first run
    with messages_script_api(_reply) as (url, requests):
        env = {**server_env, "ANTHROPIC_API_KEY": "test-key-not-real", "ANTHROPIC_BASE_URL": url}
        for agent in ("pg-agent", "jarvis"):
            before = len(requests)
            _check_llm_agent(session_graph, server_env, env, loaded, agent)
            _check_prompts(requests[before:], loaded, agent)


def _check_llm_agent(
    graph: Graph, server_env: dict[str, str], env: dict[str, str], loaded: list[Episode], agent: str
) -> None:
    trace = str(SHARED_GUI / "llamatouch" / "trace_18")
    args = ("eval", "run", trace, "--agent", agent, "--display", "none", "--json")
    offline = kg({**server_env, "ANTHROPIC_API_KEY": ""}, *args)
    assert offline.exit_code == 1 and "needs a model" in offline.output
    assert len(offline.output.strip().splitlines()) == 1
    result = kg(env, *args)
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert (report["run"]["episodes"], report["run"]["steps"], report["run"]["errors"]) == (1, 4, 0)
    rows = graph.read_text(
        "MATCH (:Run {id: $run})-[a:ATTEMPTED]->(s:Step) RETURN s.index AS i, a.action_match AS m",
        run=report["run"]["run"],
    )
    # gold: home, tap, tap, tap START; the script presses home, then taps START once shown
    assert sorted((r["i"], r["m"]) for r in rows) == [(0, 1.0), (1, 0.0), (2, 0.0), (3, 1.0)]
    assert report["metrics"]["aitw"]["action_match"] == 0.5


def _check_prompts(requests: list[dict[str, Any]], loaded: list[Episode], agent: str) -> None:
    prompts = [first_user_text(r) for r in requests]
    images = [
        r for r in requests if any(b.get("type") == "image" for b in r["messages"][0]["content"])
    ]
    assert images  # the screenshot is shown
    if agent == "pg-agent":
        assert sum("global planning agent" in p for p in prompts) == 1
        deciding = [p for p in prompts if "decision agent" in p]
        assert len(deciding) == 4 and any("- Perform" in p for p in deciding)
        task = loaded_task(loaded, "uiautomator:18")
        assert not any(task in p.split("Guidelines:")[1].split("Previous")[0] for p in deciding)
    else:
        assert sum("task parser" in p for p in prompts) == 1
        executing = [p for p in prompts if "You are Jarvis" in p]
        assert len(executing) == 4 and "context: task 1 found: opened" in executing[1]


def loaded_task(episodes: list[Episode], key: str) -> str:
    return next(e.task for e in episodes if e.id == key)
