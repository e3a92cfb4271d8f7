"""`kg eval report`: tables read from real runs in a real graph, and the page in Chromium.

Tasks come from a real `kg sample doc` on the shared EIP documents; two runs with known
outcomes are written the way the evaluation contract stores them (`:Run`, `ATTEMPTED`).
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from taskspace.cli.eval_report import report
from taskspace.cli.main import KgGroup, cli
from taskspace.graph.connection import Graph
from taskspace.metrics.passk import pass_at_k
from taskspace.reports.data import read_report, resolve_runs
from taskspace.reports.html import render_report
from taskspace.reports.model import Cell
from taskspace.reports.plots import PASS_AT_K_TOP, ZERO_HEIGHT
from taskspace.sources.documents.loader import load_documents
from taskspace.tasks.model import GroundRef, Task, WebHop
from taskspace.tasks.store import read_jsonl, write_task_nodes
from tests.support.docs import require_real_eips
from tests.support.reports import BrowserView, open_in_chromium
from tests.support.web import chromium_missing

GRAPH_RAG, VANILLA = "run-graph-rag", "run-vanilla"
SYSTEMS = {
    GRAPH_RAG: "graph_rag · claude-test · tasks.jsonl · 2025-01-02 09:00",
    VANILLA: "vanilla · claude-test · tasks.jsonl · 2025-01-03 09:00",
}

WRITE_RUN = """
MERGE (r:Run {id: $id})
SET r.agent = $agent, r.model = $model, r.config_json = $config_json, r.started = $started,
    r.finished = $finished, r.log_path = $log_path, r.tasks_file = $tasks_file,
    r.status = 'success', r.source = 'test:eval-report'
"""
WRITE_ATTEMPTS = """
UNWIND $rows AS row
MATCH (r:Run {id: row.run}), (t:Task {id: row.task})
CREATE (r)-[:ATTEMPTED {score: row.score, success: row.success, metrics_json: row.metrics_json,
                        error_type: row.error_type, epoch: row.epoch, answer: row.answer}]->(t)
"""


@dataclass
class Results:
    graph: Graph
    tasks: list[Task]
    attempts: list[dict[str, Any]]
    tasks_file: Path


def _succeeds(run: str, index: int, task: Task, epoch: int) -> bool:
    """The known outcome of each attempt: graph_rag fails every third task in epoch 1 and
    every odd one in epoch 2; vanilla only solves easy tasks."""
    if run == GRAPH_RAG:
        return index % 3 != 0 if epoch == 1 else index % 2 == 0
    return task.difficulty == "easy"


def write_run(
    graph: Graph, run: str, agent: str, tasks: list[Task], epochs: int, started: datetime, **kw: Any
) -> list[dict[str, Any]]:
    """One :Run and its ATTEMPTED edges, exactly as the evaluation contract stores them."""
    graph.write_text(
        WRITE_RUN,
        id=run,
        agent=agent,
        model="claude-test",
        config_json=json.dumps({"agent": agent, "epochs": epochs}),
        started=started,
        finished=started,
        log_path=f"logs/{run}.eval",
        tasks_file=kw.get("tasks_file", "tasks.jsonl"),
    )
    outcome = kw.get("outcome", _succeeds)
    rows = []
    for epoch in range(1, epochs + 1):
        for index, task in enumerate(tasks):
            success = outcome(run, index, task, epoch)
            rows.append(
                {
                    "run": run,
                    "task": task.id,
                    "epoch": epoch,
                    "success": success,
                    "score": 1.0 if success else 0.0,
                    "metrics_json": json.dumps({"exact": float(success)}),
                    "error_type": None if success else "wrong_answer",
                    "answer": task.answer if success else "something else",
                }
            )
    graph.write_text(WRITE_ATTEMPTS, rows=rows)
    return rows


@pytest.fixture(scope="module")
def results(
    session_graph: Graph, server_env: dict[str, str], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Results]:
    eips = require_real_eips()
    session_graph.run_autocommit("MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS")
    assert not load_documents(session_graph, list(eips)).failed
    out = tmp_path_factory.mktemp("report") / "tasks.jsonl"
    sampled = CliRunner().invoke(
        cli, ["sample", "doc", "-n", "12", "--seed", "1", "-o", str(out), "--json"], env=server_env
    )
    assert sampled.exit_code == 0, sampled.output
    tasks = read_jsonl(out)
    assert len(tasks) >= 6
    attempts = write_run(
        session_graph, GRAPH_RAG, "graph_rag", tasks, 2, datetime(2025, 1, 2, 9, tzinfo=UTC)
    )
    attempts += write_run(
        session_graph, VANILLA, "vanilla", tasks, 1, datetime(2025, 1, 3, 9, tzinfo=UTC)
    )
    yield Results(session_graph, tasks, attempts, out)


def _expected(results: Results, key: Any) -> dict[tuple[str, str], tuple[int, int]]:
    """(row value, system) → (attempts, successes), counted from what was written."""
    tasks = {task.id: task for task in results.tasks}
    counts: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    for row in results.attempts:
        for value in key(tasks[row["task"]]):
            cell = counts[(value, SYSTEMS[row["run"]])]
            cell[0] += 1
            cell[1] += int(row["success"])
    return {where: (a, s) for where, (a, s) in counts.items()}


def _table(data: Any, key: str) -> dict[tuple[str, str], tuple[int, int]]:
    table = data.breakdown(key)
    assert table is not None, key
    return {
        (value, system): (cell.attempts, cell.successes)
        for value, cells in table.rows.items()
        for system, cell in cells.items()
    }


def test_tables_count_what_the_runs_wrote(results: Results) -> None:
    data = read_report(results.graph, [GRAPH_RAG, VANILLA])
    runs = {run.id: run for run in data.runs}
    n = len(results.tasks)
    assert runs[GRAPH_RAG].tasks == runs[VANILLA].tasks == n
    assert (runs[GRAPH_RAG].attempts, runs[GRAPH_RAG].epochs) == (2 * n, 2)
    wrote = Counter(row["run"] for row in results.attempts if row["success"])
    assert runs[GRAPH_RAG].successes == wrote[GRAPH_RAG]
    assert runs[VANILLA].successes == wrote[VANILLA]
    assert runs[GRAPH_RAG].started.startswith("2025-01-02T09:00")

    assert _table(data, "by_type") == _expected(results, lambda t: [t.type])
    assert _table(data, "by_difficulty") == _expected(results, lambda t: [t.difficulty])
    difficulties = [value for value, _ in _table(data, "by_difficulty")]
    assert list(dict.fromkeys(difficulties)) == [
        level
        for level in ("easy", "medium", "hard", "expert")
        if any(t.difficulty == level for t in results.tasks)
    ]
    # Document tasks have neither a level nor a route: those tables are named as omitted.
    assert data.omitted == ["Success by level", "Success by hop count"]


def test_failures_by_grounding_label_and_edge_type(results: Results) -> None:
    data = read_report(results.graph, [GRAPH_RAG, VANILLA])
    labels = {
        task.id: {
            label
            for row in results.graph.read_text(
                "MATCH (n) WHERE n.id IN $ids UNWIND labels(n) AS label RETURN DISTINCT label",
                ids=[ref.id for ref in task.grounding],
            )
            for label in [row["label"]]
        }
        for task in results.tasks
    }
    assert {ref.label for task in results.tasks for ref in task.grounding} <= set().union(
        *labels.values()
    )
    assert _table(data, "failures_by_label") == _expected(results, lambda t: labels[t.id])

    def edge_types(task: Task) -> set[str]:
        ids = [ref.id for ref in task.grounding]
        rows = results.graph.read_text(
            "MATCH (a)-[e]->(b) WHERE a.id IN $ids AND b.id IN $ids RETURN type(e) AS type",
            ids=ids,
        )
        return {row["type"] for row in rows} or {"(none)"}

    expected = _expected(results, edge_types)
    assert _table(data, "failures_by_edge_type") == expected
    assert any(value != "(none)" for value, _ in expected)


def test_pass_at_k_over_epochs(results: Results) -> None:
    data = read_report(results.graph, [GRAPH_RAG, VANILLA])
    assert [entry.run for entry in data.pass_at_k] == [GRAPH_RAG]  # vanilla ran one epoch
    outcomes = [
        [_succeeds(GRAPH_RAG, i, task, epoch) for epoch in (1, 2)]
        for i, task in enumerate(results.tasks)
    ]
    n = len(outcomes)
    assert data.pass_at_k[0].values[1] == pytest.approx(sum(sum(o) / 2 for o in outcomes) / n)
    assert data.pass_at_k[0].values[2] == pytest.approx(sum(any(o) for o in outcomes) / n)
    assert pass_at_k(5, 0, 3) == 0.0 and pass_at_k(5, 3, 3) == 1.0
    assert pass_at_k(4, 1, 2) == pytest.approx(0.5)


def test_unknown_runs_are_named_in_one_line(results: Results, server_env: dict[str, str]) -> None:
    kg = KgGroup(commands={"report": report})
    result = CliRunner().invoke(kg, ["report", "no-such-run", GRAPH_RAG], env=server_env)
    assert result.exit_code == 1
    message = result.output.strip()
    assert "\n" not in message
    assert "unknown run: no-such-run" in message
    assert f"{VANILLA}, {GRAPH_RAG}" in message  # newest first
    assert resolve_runs(results.graph, [], latest=True) == [VANILLA]


def test_json_output_and_latest(
    results: Results, server_env: dict[str, str], tmp_path: Path
) -> None:
    out = tmp_path / "latest.html"
    result = CliRunner().invoke(report, ["--latest", "--json", "-o", str(out)], env=server_env)
    assert result.exit_code == 0, result.output
    payload = json.loads(result.output)
    assert [run["id"] for run in payload["runs"]] == [VANILLA]
    easy = payload["tables"]["by_difficulty"]["rows"].get("easy", {})
    assert all(cell["success_rate"] == 1.0 for cell in easy.values())
    assert out.is_file() and payload["out"] == str(out)


@pytest.mark.skipif(chromium_missing() is not None, reason=str(chromium_missing()))
def test_the_page_loads_in_chromium_with_every_plot(
    results: Results, server_env: dict[str, str], tmp_path: Path
) -> None:
    out = tmp_path / "report.html"
    result = CliRunner().invoke(report, [GRAPH_RAG, VANILLA, "-o", str(out)], env=server_env)
    assert result.exit_code == 0, result.output
    view: BrowserView = open_in_chromium(out)
    assert view.errors == [] and view.foreign_requests == []
    assert view.title == "Evaluation report"
    sections = [
        "Runs",
        "Success by task type",
        "Success by difficulty",
        "Failures by grounding label",
        "Failures by edge type",
        "pass@k",
        "Failed tasks",
    ]
    assert view.headings == ["Evaluation report", *sections]
    data = read_report(results.graph, [GRAPH_RAG, VANILLA])
    # Every bar is drawn, and drawn as high as the rate its table shows (a 0 as a sliver).
    shown = {
        "runs-plot": {f"0-{i}": bar_height(run.success_rate) for i, run in enumerate(data.runs)}
    }
    for table in data.breakdowns:
        shown[f"{table.key}-plot"] = {
            f"{s}-{c}": bar_height(cell.failure_rate if table.failures else cell.success_rate)
            for s, system in enumerate(table.systems)
            for c, cells in enumerate(table.rows.values())
            for cell in [cells.get(system) or Cell()]
        }
    assert set(view.plots) == {*shown, "pass_at_k-plot"}
    for plot, rates in shown.items():
        assert view.plots[plot]["bars"] == pytest.approx(rates, abs=0.01), plot
        assert view.plots[plot]["width"] > 200 and view.plots[plot]["height"] > 100
    assert len(view.plots["by_type-plot"]["bars"]) == 2 * len({t.type for t in results.tasks})
    assert {t.type for t in results.tasks} <= set(view.plots["by_type-plot"]["texts"])
    drawn = view.plots["pass_at_k-plot"]["lines"]["pass_at_k-line-0"]
    expected = [data.pass_at_k[0].values[k] / PASS_AT_K_TOP for k in (1, 2)]
    assert drawn == pytest.approx(expected, abs=0.01)
    assert view.rows["runs-table"] == 2
    assert view.rows["by_type-table"] == len({task.type for task in results.tasks})
    assert view.rows["pass_at_k-table"] == 1
    first = view.first_cells["by_type-table"]
    assert first == sorted({task.type for task in results.tasks})


def bar_height(rate: float) -> float:
    """The height a rate is drawn at: a 0 is a visible sliver, not no bar."""
    return rate or ZERO_HEIGHT


def test_hops_and_levels_from_the_task_contract(results: Results) -> None:
    """Multihop tasks (hops stored as JSON, an ``end`` marker last) and a level."""
    page = results.tasks[0].grounding[0]

    def multihop(number: int, follows: int) -> Task:
        hops = [WebHop(index=i, kind="follow", instruction=f"hop {i}") for i in range(follows)]
        hops.append(WebHop(index=follows, kind="end", instruction="stop"))
        return Task(
            id=f"report-test-hops-{number}",
            kind="multihop",
            type="multihop_navigation",
            template="multihop",
            difficulty="hard",
            prompt=f"Follow {follows} links.",
            answer="done",
            anchor=page.id,
            fingerprint=f"fp-{number}",
            grounding=[GroundRef(label=page.label, id=page.id)],
            seed=1,
            hops=hops,
            level=follows,
        )

    tasks = [multihop(1, 2), multihop(2, 3), multihop(3, 3)]
    write_task_nodes(results.graph, tasks, "test:report-hops")
    write_run(
        results.graph,
        "run-hops",
        "<b>navigator</b>",
        tasks,
        1,
        datetime(2024, 12, 1, tzinfo=UTC),
        outcome=lambda run, index, task, epoch: index != 2,
    )
    data = read_report(results.graph, ["run-hops"])
    system = "<b>navigator</b> · claude-test · tasks.jsonl · 2024-12-01 00:00"
    assert _table(data, "by_hops") == {("2", system): (1, 1), ("3", system): (2, 1)}
    assert _table(data, "by_level") == _table(data, "by_hops")
    assert data.omitted == []
    # Names from the graph are text in the page and in the plots' SVG, never markup.
    html = render_report(data)
    assert "<b>navigator" not in html and html.count("&lt;b&gt;navigator&lt;/b&gt;") >= 2


def test_command_needs_a_run(server_env: dict[str, str]) -> None:
    result = CliRunner().invoke(report, [], env=server_env)
    assert result.exit_code == 2 and "--latest" in result.output
