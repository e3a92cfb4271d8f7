"""kg eval end to end on the real EIP documents: sample, run agents with inspect_ai,
resume, write :Run/ATTEMPTED, re-score, query, with the task families' own scorer."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from inspect_ai.log import read_eval_log

from taskspace.cli.main import cli
from taskspace.generators.templates.sampler import sample_tasks
from taskspace.graph.connection import Graph
from taskspace.sources.documents.loader import load_documents
from taskspace.tasks.model import Task
from taskspace.tasks.store import write_jsonl
from tests.support.docs import require_real_eips
from tests.support.messages_text_api import messages_text_api, user_text

RUN = ["eval", "run", "--display", "none", "--json"]


@pytest.fixture(scope="module")
def eip_tasks(session_graph: Graph, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    paths = require_real_eips()
    session_graph.run_autocommit("MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS")
    assert not load_documents(session_graph, list(paths)).failed
    tasks = sample_tasks(session_graph, "doc", count=12, seed=1).tasks
    assert len(tasks) >= 6
    out = tmp_path_factory.mktemp("eval") / "tasks.jsonl"
    write_jsonl(tasks[:6], out)
    yield out


def kg(env: dict[str, str], *args: str) -> Any:
    result = CliRunner().invoke(cli, list(args), env=env)
    return result


def attempts(graph: Graph, run: str) -> list[dict[str, Any]]:
    return graph.read_text(
        "MATCH (:Run {id: $run})-[a:ATTEMPTED]->(t:Task) "
        "RETURN t.id AS task, a.epoch AS epoch, a.success AS success, a.error_type AS error",
        run=run,
    )


def test_extractive_run_resume_list_score_and_query(
    session_graph: Graph, server_env: dict[str, str], eip_tasks: Path
) -> None:
    first = kg(
        server_env, *RUN, str(eip_tasks), "--agent", "extractive", "--limit", "4", "--epochs", "2"
    )
    assert first.exit_code == 0, first.output
    summary = json.loads(first.output)
    log = Path(summary["log"])
    home = Path(server_env["TASKSPACE_HOME"])
    assert log.is_file() and log.is_relative_to(home / "logs" / "eval")
    assert summary["status"] == "success" and summary["samples"] == 8
    edges = attempts(session_graph, summary["run"])
    assert len(edges) == 8 and {e["epoch"] for e in edges} == {1, 2}
    run = session_graph.read_text("MATCH (r:Run {id: $id}) RETURN r", id=summary["run"])[0]["r"]
    assert run["agent"] == "extractive" and run["log_path"] == str(log)
    # a document run reports the document metrics, computed as their references compute
    # them, and records on the :Run exactly what inspect's log (and its viewer) holds
    metrics = summary["metrics"]
    assert summary["kind"] == run["kind"] == "doc"
    assert {"exact_match", "f1", "rouge_l", "citation_precision", "citation_recall"} <= set(metrics)
    assert "pass_at_2/success" in metrics
    assert json.loads(run["metrics_json"]) == metrics
    samples = read_eval_log(str(log)).samples or []
    values = [next(iter(s.scores.values())).value for s in samples if s.scores]
    f1s = [float(v["f1"]) for v in values if isinstance(v, dict)]
    assert metrics["f1"] == pytest.approx(sum(f1s) / len(f1s), abs=1e-6)
    uuids = {s.uuid for s in read_eval_log(str(log)).samples or []}

    again = kg(
        server_env, *RUN, str(eip_tasks), "--agent", "extractive", "--limit", "4", "--epochs", "2"
    )
    assert again.exit_code == 0, again.output
    resumed = json.loads(again.output)
    assert resumed["run"] == summary["run"] and resumed["log"] == summary["log"]
    assert {s.uuid for s in read_eval_log(resumed["log"]).samples or []} == uuids
    assert len(attempts(session_graph, summary["run"])) == 8

    # --fresh: a new run of the same settings (say, after changing the agent's code)
    renewed = kg(
        server_env,
        *RUN,
        str(eip_tasks),
        "--agent",
        "extractive",
        "--limit",
        "4",
        "--epochs",
        "2",
        "--fresh",
    )
    assert renewed.exit_code == 0, renewed.output
    fresh = json.loads(renewed.output)
    assert fresh["run"] != summary["run"] and fresh["log"] != summary["log"]
    assert not {s.uuid for s in read_eval_log(fresh["log"]).samples or []} & uuids
    assert len(attempts(session_graph, fresh["run"])) == 8
    assert len(attempts(session_graph, summary["run"])) == 8

    listed = kg(server_env, "eval", "list", "--json")
    assert listed.exit_code == 0
    row = next(r for r in json.loads(listed.output) if r["run"] == summary["run"])
    assert row["attempts"] == 8 and row["successes"] == summary["successes"]

    rescored = kg(server_env, "eval", "score", str(log), "--scorer", "match", "--json")
    assert rescored.exit_code == 0, rescored.output
    assert json.loads(rescored.output)["attempts_written"] == 8
    assert "match" in (read_eval_log(str(log)).samples or [])[0].scores  # type: ignore[operator]

    for name in (
        "success_by_type_and_agent",
        "success_by_difficulty",
        "failures_by_grounding_label",
    ):
        rows = kg(server_env, "eval", "queries", name, "--json")
        assert rows.exit_code == 0 and any(
            r["agent"] == "extractive" for r in json.loads(rows.output)
        )


def test_rag_without_a_key_names_the_offline_baseline(
    server_env: dict[str, str], eip_tasks: Path
) -> None:
    env = {**server_env, "ANTHROPIC_API_KEY": ""}
    result = kg(env, *RUN, str(eip_tasks), "--agent", "rag")
    assert result.exit_code == 1
    assert "ANTHROPIC_API_KEY" in result.output and "--agent extractive" in result.output


def test_an_agent_of_another_kind_is_refused_naming_the_agents_that_fit(
    session_graph: Graph, server_env: dict[str, str], eip_tasks: Path
) -> None:
    runs = session_graph.read_text("MATCH (r:Run) RETURN count(r) AS n")[0]["n"]
    fit = "use one of extractive, graph-tools, multi-agent, rag"
    for agent, solves in (
        ("heuristic", "solves web, multihop tasks"),
        ("replay-nearest", "runs on episodes"),  # an episode agent given a tasks file
    ):
        result = kg(server_env, "eval", "run", str(eip_tasks), "--agent", agent)
        assert result.exit_code == 1, result.output
        assert result.output.strip().splitlines() == [
            f"Error: agent {agent!r} {solves}; these are doc tasks: {fit}"
        ]
    # refused before running: no run was written
    assert session_graph.read_text("MATCH (r:Run) RETURN count(r) AS n")[0]["n"] == runs


def test_rag_sees_no_gold_and_a_rerun_retries_only_the_failed_sample(
    session_graph: Graph, server_env: dict[str, str], eip_tasks: Path
) -> None:
    tasks = [Task.model_validate_json(line) for line in eip_tasks.read_text().splitlines()][:3]
    broken = tasks[0].prompt
    calls: dict[str, int] = {}

    def reply(body: dict[str, Any]) -> str:
        text = user_text(body)
        ids = re.findall(r"\[((?:chunk|section|paragraph)[^\]]*)\]", text)
        question = text.rsplit("Question: ", 1)[-1]
        calls[question] = calls.get(question, 0) + 1
        if question.strip() == broken.strip() and calls[question] == 1:
            return "I think the answer is probably in the passages."
        return json.dumps({"answer": "unknown", "cited": ids[:1], "confidence": 0.2})

    small = eip_tasks.with_name("three.jsonl")
    write_jsonl(tasks, small)
    with messages_text_api(reply) as (url, seen):
        env = {**server_env, "ANTHROPIC_API_KEY": "test-key", "ANTHROPIC_BASE_URL": url}
        args = [*RUN, str(small), "--agent", "rag", "--model", "anthropic/claude-test"]
        first = kg(env, *args)
        assert first.exit_code == 0, first.output
        summary = json.loads(first.output)
        assert summary["errors"] == 1 and summary["samples"] == 3
        errors = [e["error"] for e in attempts(session_graph, summary["run"]) if e["error"]]
        assert errors == ["AgentReplyError"]
        assert len(seen) == 3
        second = kg(env, *args)
        assert second.exit_code == 0, second.output
        assert json.loads(second.output)["errors"] == 0
        assert len(seen) == 4  # only the failed sample ran again
    for body in seen:
        text = user_text(body)
        shown = set(re.findall(r"^\[([^\]]+)\]", text, re.MULTILINE))
        assert "task_json" not in text and shown
        for task in tasks:
            hidden = {ref.id for ref in task.grounding} - shown
            assert not any(node in text for node in hidden)
