"""The offline path baseline ``path-walker`` on the real ATAI film slice and its app spaces
(../shared/data; skipped when absent), through ``kg eval run`` with no key: what it
records, what it gets right, and that it sees no gold. Plus the offline-baseline hint
each kind of agent gives without a key, and the walker's word rules.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, get_args

import pytest
from click.testing import CliRunner
from inspect_ai.log import read_eval_log

from taskspace.agents.paths.walker_words import (
    Facts,
    content_words,
    pick_item,
    quoted,
    read_instruction,
    score_action,
    word_match,
)
from taskspace.agents.registry import build_solver
from taskspace.agents.spec import (
    OFFLINE_BASELINES,
    AgentKind,
    load_agent_spec,
    load_agent_specs,
    offline_baseline,
)
from taskspace.cli.main import cli
from taskspace.graph.connection import Graph
from taskspace.models.errors import LLMUnavailableError
from taskspace.tasks.attempt import ATTEMPT_STORE_KEY
from taskspace.tasks.model import Task
from taskspace.tools.apps.results import Attribute, ItemSummary
from tests.support.paths import FIXTURES
from tests.support.trace import looked_at
from tests.support.web import empty_graph

EXCERPT = FIXTURES / "codex_kgtk_pacino.nt"
NO_KEY: dict[str, str | None] = {"ANTHROPIC_API_KEY": None}
RESULT_KEYS = {"apps", "query", "actions", "total"}
"""Each app tool's result has one of these keys (AppList, SearchResults, ItemPage,
ActionTargets): the walker's tool messages are the tools' own results."""


@pytest.fixture(scope="module")
def walked(
    session_graph: Graph, server_env: dict[str, str], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[Graph, list[Task], dict[str, Any], dict[str, str | None]]]:
    """The real CoDEx/KGTK excerpt (tests/fixtures/paths/codex_kgtk_pacino.nt: the shared
    film slice has no labels on its people, so paths cannot pass through them) loaded by
    `kg load wikidata --apps` into an emptied graph, ten
    level-1 path tasks sampled by `kg sample paths`, and `kg eval run --agent path-walker`
    over them with no key: the tasks, the run's summary and the environment."""
    empty_graph(session_graph)
    env = {**server_env, **NO_KEY}
    runner = CliRunner()
    loaded = runner.invoke(cli, ["load", "wikidata", str(EXCERPT), "--apps", "--json"], env=env)
    assert loaded.exit_code == 0, loaded.output
    out = tmp_path_factory.mktemp("walker") / "paths.jsonl"
    sampled = runner.invoke(cli, ["sample", "paths", "-n", "10", "-o", str(out)], env=env)
    assert sampled.exit_code == 0, sampled.output
    tasks = [Task.model_validate_json(line) for line in out.read_text().splitlines()]
    assert len(tasks) == 10 and {t.level for t in tasks} == {1}
    args = ["eval", "run", str(out), "--agent", "path-walker", "--display", "none", "--json"]
    result = runner.invoke(cli, args, env=env)
    assert result.exit_code == 0, result.output
    yield session_graph, tasks, json.loads(result.output), env


def attempted(graph: Graph, run: str) -> dict[str, dict[str, Any]]:
    rows = graph.read_text(
        "MATCH (:Run {id: $run})-[a:ATTEMPTED]->(t:Task) RETURN t.id AS task, a.success AS "
        "success, a.steps_total AS total, a.steps_passed AS passed, a.steps_leading AS "
        "leading, a.first_failed_step AS failed, a.error_type AS error_type",
        run=run,
    )
    return {row["task"]: row for row in rows}


def test_kg_eval_run_with_the_walker_needs_no_key_and_writes_step_metrics(
    walked: tuple[Graph, list[Task], dict[str, Any], dict[str, str | None]],
) -> None:
    graph, tasks, summary, _ = walked
    assert summary["agent"] == "path-walker" and summary["model"] == "offline"
    assert (summary["samples"], summary["attempts_written"], summary["errors"]) == (10, 10, 0)
    rows = attempted(graph, summary["run"])
    assert set(rows) == {t.id for t in tasks}
    for task in tasks:
        row = rows[task.id]
        assert row["total"] == len(task.path)
        assert 0 <= row["leading"] <= row["passed"] <= row["total"]
        # a failed task is attributed by the rules, which read the walker's recorded calls
        assert (row["error_type"] is None) == row["success"]
    assert summary["successes"] == sum(row["success"] for row in rows.values())
    # a causal-path run reports NaturalGAIA's metrics, from the same per-task values
    metrics = summary["metrics"]
    assert summary["kind"] == "path" and {"sr", "wpsr", "matcr", "patsr"} <= set(metrics)
    assert metrics["sr"] == pytest.approx(summary["successes"] / 10, abs=1e-6)
    ratios = [row["leading"] / row["total"] for row in rows.values()]
    assert metrics["matcr"] == pytest.approx(sum(ratios) / len(ratios), abs=1e-6)
    assert "exact_match" not in metrics
    # What we observed: the first step is right wherever the instruction names its action
    # word for word and that action lists a single item: the start is found by its quoted
    # name, the action's name is the best word match, and a single item is forced. (The
    # second step often fails: "wrote" does not match the action "written", lexically.)
    plain = [
        t for t in tasks if t.path[0].action in content_words(t.prompt) and t.path[0].fanout == 1
    ]
    assert plain, "the sample has no task whose first action the instruction names"
    assert all(rows[t.id]["leading"] >= 1 for t in plain)


def test_the_walker_records_its_calls_and_sees_no_gold(
    walked: tuple[Graph, list[Task], dict[str, Any], dict[str, str | None]],
) -> None:
    graph, tasks, summary, _ = walked
    log = read_eval_log(summary["log"], resolve_attachments=True)
    assert log.samples is not None and len(log.samples) == len(tasks)
    by_id = {t.id: t for t in tasks}
    for sample in log.samples:
        task = by_id[str(sample.id)]
        attempt = sample.store[ATTEMPT_STORE_KEY]
        calls = attempt["calls"]
        # what a person does first: list the apps, search the quoted start in the first app
        assert calls[0]["tool"] == "apps"
        assert calls[1]["tool"] == "search"
        assert calls[1]["arguments"]["app"] == task.path[0].app
        assert calls[1]["arguments"]["query"] == quoted(task.prompt)[0]
        assert task.anchor in calls[1]["ids"]
        followed = [c for c in calls if c["tool"] == "follow"]
        assert len(followed) >= len(attempt["steps"]) >= 1
        if attempt["steps"]:
            assert attempt["answer"] == attempt["steps"][-1]
        # the transcript names the walk: the start found, then each edge with its labels
        start, *edges = looked_at(sample, "walk", source="path-walker")
        assert start["start"]["id"] in calls[1]["ids"]  # a hit of its search
        assert [edge["to"]["label"] or edge["to"]["id"] for edge in edges] == attempt["steps"]
        here = start["start"]["id"]
        for edge in edges:  # each edge leads to an item its action listed from where it was
            assert edge["edge"]["from"] == here
            assert any(
                (c["arguments"]["item_id"], c["arguments"]["action"])
                == (here, edge["edge"]["action"])
                and edge["edge"]["to"] in c["ids"]
                for c in followed
            )
            here = edge["edge"]["to"]
        walked_ids = [start["start"]["id"], *(edge["edge"]["to"] for edge in edges)]
        found = graph.read_text(
            "MATCH (i:Item) WHERE i.id IN $ids RETURN i.id AS id", ids=walked_ids
        )
        assert {row["id"] for row in found} == set(walked_ids)
        shown = [m.text for m in sample.messages if m.role == "tool"]
        assert len(shown) == len(calls)
        for text in shown:
            assert RESULT_KEYS & set(json.loads(text))
            for gold in (task.id, "task_json", "GROUNDED_IN", "ATTEMPTED", task.prompt):
                assert gold not in text


def test_without_a_key_each_model_agent_names_the_offline_baseline_of_its_kind(
    walked: tuple[Graph, list[Task], dict[str, Any], dict[str, str | None]],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    graph, tasks, _, env = walked
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    with pytest.raises(LLMUnavailableError) as refused:
        build_solver(load_agent_spec("path-agent"), graph)
    assert str(refused.value).endswith("(the offline agent 'path-walker' needs none)")
    out = tmp_path / "one.jsonl"
    out.write_text(tasks[0].model_dump_json() + "\n", encoding="utf-8")
    args = ["eval", "run", str(out), "--agent", "path-agent", "--display", "none"]
    result = CliRunner().invoke(cli, args, env=env)
    assert result.exit_code != 0
    assert "agent 'path-agent' needs a model" in result.output
    assert "offline baseline: --agent path-walker" in result.output


def test_every_agent_kind_has_one_offline_baseline_that_runs_offline() -> None:
    kinds = [kind for kinds in OFFLINE_BASELINES.values() for kind in kinds]
    assert sorted(kinds) == sorted(get_args(AgentKind))  # each kind once
    for name, group in OFFLINE_BASELINES.items():
        baseline = load_agent_spec(name)
        assert not baseline.needs_model and baseline.kind in group
    for spec in load_agent_specs():
        assert spec.kind in OFFLINE_BASELINES[offline_baseline(spec.kind)]
    assert offline_baseline("path_tools") == "path-walker"
    assert offline_baseline("graph_tools") == "extractive"
    assert offline_baseline("jarvis") == "replay-nearest"


def released(date: str) -> Attribute:
    return Attribute(property="publication date", pid="P577", values=[date])


def test_word_rules_match_stems_and_constraints_pick_items() -> None:
    assert word_match("director", "director") == 1.0
    assert word_match("director", "directed") == 0.5  # "direc…"
    assert word_match("film", "filmography") == 0.5  # a word it begins
    assert word_match("wrote", "written") == 0.0  # the lexical limit
    reading = read_instruction(
        "I began with “Heat” in Movie database. Find the director of “Heat”, then the "
        "film that person directed, the one released in 1995 and in the genre “crime film”.",
        [("moviedb", "Movie database"), ("maps", "Maps")],
    )
    assert reading.start == "Heat" and reading.apps == ["moviedb"]
    assert reading.facts == Facts(("1995",), ("crime film",))
    assert "movie" not in reading.words and "heat" not in reading.words
    best = max(("cast", "director", "genre"), key=lambda a: score_action(a, reading.words).score)
    assert best == "director"
    items = [
        ItemSummary(id=f"Q{n}", label=f"Film {n}", attributes=[released(date)])
        for n, date in ((1, "1990-01-01"), (2, "1995-12-15"))
    ]
    item, left = pick_item(items, reading.facts, visited=set())
    assert item is not None and item.id == "Q2" and left.years == ()
    assert pick_item(items, left.without(set(), {"crime film"}), set())[0] is None
