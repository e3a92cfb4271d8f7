"""Runs told apart: real runs of the offline extractive agent on tasks sampled from the
bundled examples/documents, listed by `kg eval list`, labelled in their inspect logs, and
a resume that says how many samples it ran; each sample's transcript names what it
retrieved."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from inspect_ai.log import read_eval_log

from taskspace.agents.spec import load_agent_spec
from taskspace.cli.main import cli
from taskspace.graph.connection import Graph
from taskspace.retrieval.retrieve import retrieve
from tests.support.docs import two_doc_task_files
from tests.support.kg import piped
from tests.support.trace import looked_at

RUN = ["eval", "run", "--display", "none", "--agent", "extractive"]


@dataclass
class TaskFiles:
    first: Path
    second: Path


@pytest.fixture(scope="module")
def task_files(
    session_graph: Graph, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[TaskFiles]:
    yield TaskFiles(*two_doc_task_files(session_graph, tmp_path_factory.mktemp("runs")))


def kg(env: dict[str, str], *args: str) -> Any:
    return CliRunner().invoke(cli, list(args), env=env)


def run_json(env: dict[str, str], *args: str) -> dict[str, Any]:
    result = kg(env, *RUN, *args, "--json")
    assert result.exit_code == 0, result.output
    return dict(json.loads(result.output))


def test_runs_are_listed_apart_labelled_in_their_logs_and_a_resume_counts(
    server_env: dict[str, str], task_files: TaskFiles
) -> None:
    limited = run_json(server_env, str(task_files.first), "--limit", "2")
    assert (limited["samples"], limited["ran_now"], limited["resumed"]) == (2, 2, False)
    whole = run_json(server_env, str(task_files.first))
    other = run_json(server_env, str(task_files.second))
    assert len({limited["run"], whole["run"], other["run"]}) == 3

    # a resume with nothing left to do says so, in one line, before its table
    again = kg(server_env, *RUN, str(task_files.first), "--limit", "2")
    assert again.exit_code == 0, again.output
    assert (
        f"Resumed run {limited['run']}: ran 0 of its 2 samples this time, kept 2 from before."
        in again.output
    )
    resumed = run_json(server_env, str(task_files.first), "--limit", "2")
    assert (resumed["run"], resumed["ran_now"], resumed["resumed"]) == (limited["run"], 0, True)
    assert resumed["model"] == "offline"
    # in a pipe, stdout holds the JSON alone (inspect's closing status line goes to stderr)
    shell = piped(server_env, *RUN, str(task_files.first), "--limit", "2", "--json")
    assert shell.returncode == 0, shell.stderr
    assert json.loads(shell.stdout)["run"] == limited["run"]

    # the inspect log carries the tasks file and kind (tags and metadata: the viewer's filters)
    header = read_eval_log(other["log"], header_only=True).eval
    assert {"extractive", "doc-second.jsonl", "doc"} <= set(header.tags or [])
    assert (header.metadata or {})["tasks_file"] == str(task_files.second.resolve())
    assert (header.metadata or {})["task_kind"] == "doc"

    listed = {
        row["run"]: row for row in json.loads(kg(server_env, "eval", "list", "--json").output)
    }
    expected = {limited["run"]: ("doc-first.jsonl", 2), whole["run"]: ("doc-first.jsonl", 3)}
    expected[other["run"]] = ("doc-second.jsonl", other["samples"])
    for run, (name, samples) in expected.items():
        row = listed[run]
        assert (row["tasks"], row["kind"], row["agent"], row["model"], row["samples"]) == (
            name,
            "doc",
            "extractive",
            "offline",
            samples,
        )
        assert row["started"]

    # the table at a pipe's 80 columns: each run on one line, its id whole, told apart
    table = kg({**server_env, "COLUMNS": "80"}, "eval", "list")
    assert table.exit_code == 0, table.output
    lines = table.output.splitlines()
    for run, (name, samples) in expected.items():
        line = next(line for line in lines if run in line)
        successes = listed[run]["successes"]
        cells = [cell.strip() for cell in line.strip("│ ").split("│")]
        assert cells[:5] == [run, "extractive", "offline", name, "doc"]
        assert cells[6:] == [str(samples), f"{successes}/{samples} ({successes / samples:.0%})"]


def test_each_sample_names_the_retriever_query_and_nodes_it_read(
    session_graph: Graph, server_env: dict[str, str], task_files: TaskFiles
) -> None:
    run = run_json(server_env, str(task_files.first), "--limit", "2")
    spec = load_agent_spec("extractive")
    samples = read_eval_log(run["log"], resolve_attachments=True).samples or []
    assert len(samples) == 2
    for sample in samples:
        (event,) = looked_at(sample, "retrieval", source="extractive")
        assert (event["retriever"], event["k"]) == (spec.retriever, spec.k)
        assert event["query"] == sample.input
        # the nodes named are the ones the graph returns for that query, best first
        expected = retrieve(session_graph, str(sample.input), spec.retriever, spec.k).items
        assert expected
        assert [n["id"] for n in event["nodes"]] == [item.node_id for item in expected]
        for node, item in zip(event["nodes"], expected, strict=True):
            assert node["score"] == round(item.score, 4)
            assert node["source"].startswith(item.document or "")
            assert 0 < len(node["excerpt"]) <= 160
