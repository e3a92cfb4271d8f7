"""`kg eval report` on real runs of the offline extractive agent (tasks sampled from the
bundled examples/documents): a column per run, runs side by side only on the same tasks,
a 0% bar drawn, a failed-tasks table per run that links to the sample in `kg eval view`,
in real Chromium; and Wikidata edge types named with their labels."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from click.testing import CliRunner

from taskspace.cli.main import cli
from taskspace.core.timefmt import minute
from taskspace.graph.connection import Graph
from taskspace.reports.data import read_report
from taskspace.reports.model import Cell
from taskspace.tasks.model import GroundRef, Task
from taskspace.tasks.store import write_task_nodes
from tests.support.docs import two_doc_task_files
from tests.support.reports import open_in_chromium
from tests.support.web import chromium_missing

RUN = ["eval", "run", "--display", "none", "--agent", "extractive", "--json"]


@dataclass
class Runs:
    graph: Graph
    once: dict[str, Any]
    twice: dict[str, Any]
    other: dict[str, Any]

    @property
    def ids(self) -> list[str]:
        return [self.once["run"], self.twice["run"], self.other["run"]]


def run(env: dict[str, str], *args: str) -> dict[str, Any]:
    result = CliRunner().invoke(cli, [*RUN, *args], env=env)
    assert result.exit_code == 0, result.output
    return dict(json.loads(result.output))


@pytest.fixture(scope="module")
def runs(
    session_graph: Graph, server_env: dict[str, str], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Runs]:
    first, second = two_doc_task_files(session_graph, tmp_path_factory.mktemp("report-runs"))
    # the same agent twice on one tasks file (1 and 2 epochs), and once on another file
    once = run(server_env, str(first))
    twice = run(server_env, str(first), "--epochs", "2")
    other = run(server_env, str(second))
    yield Runs(session_graph, once, twice, other)


def started(graph: Graph, run_id: str) -> str:
    """A run's start as its column shows it (UTC, to the minute)."""
    row = graph.read_text(
        "MATCH (r:Run {id: $id}) RETURN toString(r.started) AS started", id=run_id
    )[0]
    return minute(str(row["started"]))


def test_a_column_is_a_run_and_only_runs_on_the_same_tasks_sit_side_by_side(
    runs: Runs,
) -> None:
    data = read_report(runs.graph, runs.ids)
    columns = {run.id: run.system for run in data.runs}
    for run_id, name in zip(runs.ids, ["doc-first.jsonl"] * 2 + ["doc-second.jsonl"], strict=True):
        when = started(runs.graph, run_id)
        base = f"extractive · offline · {name} · {when}"
        # two runs alike to the minute are told apart by the end of their ids
        assert columns[run_id] in (base, f"{base} · {run_id[-6:]}")
    assert len(set(columns.values())) == 3  # the same agent on two files: never one column
    first = data.breakdown("by_difficulty")
    second = data.breakdown("by_difficulty-2")
    assert first is not None and second is not None
    assert first.systems == [columns[runs.once["run"]], columns[runs.twice["run"]]]
    assert second.systems == [columns[runs.other["run"]]]
    assert first.group == "doc-first.jsonl: 3 tasks" and second.group == "doc-second.jsonl: 3 tasks"
    # each table counts exactly its runs' attempts
    for table, runs_of in ((first, [runs.once, runs.twice]), (second, [runs.other])):
        for summary in runs_of:
            column = columns[summary["run"]]
            cells = [cells[column] for cells in table.rows.values() if column in cells]
            assert sum(c.attempts for c in cells) == summary["samples"]
            assert sum(c.successes for c in cells) == summary["successes"]


def test_failed_tasks_per_run_name_the_sample_in_the_viewer(runs: Runs) -> None:
    data = read_report(runs.graph, runs.ids)
    failed = {entry.run: entry for entry in data.failed}
    for summary in (runs.once, runs.twice, runs.other):
        misses = summary["samples"] - summary["successes"]
        entry = failed.get(summary["run"])
        assert (entry.total if entry else 0) == misses
        if entry is None:
            continue
        log = "/".join(Path(summary["log"]).parts[-2:])
        tasks = {
            row["id"]: row
            for row in runs.graph.read_text(
                "MATCH (:Run {id: $run})-[a:ATTEMPTED]->(t:Task) WHERE NOT a.success "
                "RETURN t.id AS id, t.prompt AS prompt, t.answer AS gold, t.check AS check, "
                "a.answer AS answer",
                run=summary["run"],
            )
        }
        assert {row.task for row in entry.rows} == set(tasks)
        for row in entry.rows:
            task = tasks[row.task]
            assert (row.prompt, row.gold, row.check) == (
                task["prompt"],
                task["gold"],
                task["check"],
            )
            assert row.answer == task["answer"] and row.reason
            assert row.log == log
            assert row.url.endswith(
                f"/#/logs/{quote(log)}/samples/sample/{quote(row.task, safe='')}/{row.epoch}/"
            )


@pytest.mark.skipif(chromium_missing() is not None, reason=str(chromium_missing()))
def test_the_page_in_chromium(runs: Runs, server_env: dict[str, str], tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    result = CliRunner().invoke(cli, ["eval", "report", *runs.ids, "-o", str(out)], env=server_env)
    assert result.exit_code == 0, result.output
    view = open_in_chromium(out)
    assert view.errors == [] and view.foreign_requests == []
    data = read_report(runs.graph, runs.ids)
    columns = {run.id: run.system for run in data.runs}
    assert "Success by difficulty: doc-second.jsonl: 3 tasks" in view.headings
    # runs table: offline agents are labelled offline, with their tasks file's name
    models = {cells[0]: (cells[2], cells[3]) for cells in view.cells["runs-table"]}
    assert models[runs.other["run"]] == ("offline", "doc-second.jsonl")
    assert "mockllm" not in out.read_text(encoding="utf-8")
    # the columns of a table are its runs
    assert view.heads["by_difficulty-table"] == [
        "difficulty",
        columns[runs.once["run"]],
        columns[runs.twice["run"]],
        "all",
    ]
    # a table of one run has no "all" column: it would repeat the run's
    assert view.heads["by_difficulty-2-table"] == ["difficulty", columns[runs.other["run"]]]
    # legends name the runs and read at normal zoom, near the page's 14 px text (13 px at
    # least); no text of any plot is shrunk below 11 px
    legend = dict(view.plots["by_difficulty-plot"]["legend"])
    assert set(legend) == {columns[runs.once["run"]], columns[runs.twice["run"]]}
    for name, plot in view.plots.items():
        assert all(size >= 13 for _, size in plot["legend"]), (name, plot["legend"])
        assert min(plot["textSizes"]) >= 11, (name, min(plot["textSizes"]))
    # every 0% is a bar a reader sees: at least a pixel and a half tall
    zeros = 0
    for table in data.breakdowns:
        for s, system in enumerate(table.systems):
            for c, cells in enumerate(table.rows.values()):
                cell = cells.get(system) or Cell()
                rate = cell.failure_rate if table.failures else cell.success_rate
                if rate == 0:
                    zeros += 1
                    assert view.plots[f"{table.key}-plot"]["pixels"][f"{s}-{c}"] >= 1.5
    assert zeros > 0
    # one failed-tasks table per run that failed, each row linking to its sample
    for entry in data.failed:
        name = f"failed-{entry.run}"
        assert view.rows[name] == entry.total
        assert view.heads[name][:6] == [
            "task",
            "prompt",
            "gold",
            "answer",
            "check",
            "failed because",
        ]
        assert [cells[1] for cells in view.cells[name]] == [row.prompt for row in entry.rows]
        assert view.links[name] == [row.url for row in entry.rows]
        # the run's one log is named once, in the caption; the contents link to the table
        (log,) = {row.log for row in entry.rows}
        page = out.read_text(encoding="utf-8")
        assert f'<code class="log">{log}</code>' in page and page.count(log) == 1 + len(entry.rows)
        assert f'href="#{name}"' in page


def test_wikidata_edge_types_are_shown_with_their_labels(runs: Runs) -> None:
    graph = runs.graph
    graph.write_text(
        "MERGE (p:Property {id: 'P136'}) SET p.pid = 'P136', p.label = 'genre' "
        "MERGE (a:Item {id: 'Q-report-film'}) MERGE (b:Item {id: 'Q-report-genre'}) "
        "MERGE (a)-[:P136]->(b)"
    )
    task = Task(
        id="report-test-genre",
        kind="doc",
        type="fact_lookup",
        template="test",
        difficulty="easy",
        prompt="Which genre?",
        answer="drama",
        anchor="Q-report-film",
        fingerprint="fp-genre",
        grounding=[
            GroundRef(label="Item", id="Q-report-film"),
            GroundRef(label="Item", id="Q-report-genre"),
        ],
        seed=1,
    )
    write_task_nodes(graph, [task], "test:report-edge-labels")
    graph.write_text(
        "MERGE (r:Run {id: 'run-report-genre'}) SET r.agent = 'extractive', "
        "r.model = 'mockllm/model', r.tasks_file = '/x/wikidata.jsonl', r.started = datetime() "
        "WITH r MATCH (t:Task {id: 'report-test-genre'}) "
        "MERGE (r)-[a:ATTEMPTED {epoch: 1}]->(t) SET a.success = false, a.score = 0.0"
    )
    table = read_report(graph, ["run-report-genre"]).breakdown("failures_by_edge_type")
    assert table is not None
    assert list(table.rows) == ["P136 genre"]
    assert table.rows["P136 genre"][table.systems[0]].failures == 1
