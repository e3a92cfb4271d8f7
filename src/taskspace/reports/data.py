"""The report's tables, read from ``(:Run)-[:ATTEMPTED]->(:Task)`` with named read-only
queries in ``cypher/reports/``; only the hop count of a route and pass@k are worked out
here, because the route is stored as JSON text and pass@k needs HumanEval's estimator
(``taskspace.metrics.passk``)."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from taskspace.core.timefmt import minute
from taskspace.evaluation.labels import model_label, tasks_name
from taskspace.graph.connection import Graph, Record
from taskspace.metrics.passk import pass_at_k
from taskspace.reports.errors import UnknownRunError
from taskspace.reports.failures import read_failed
from taskspace.reports.gui_steps import read_gui_metrics
from taskspace.reports.hops import read_hop_report
from taskspace.reports.model import Breakdown, PassAtK, ReportData, RunSummary
from taskspace.reports.paths import read_path_report
from taskspace.reports.steps import read_step_metrics

MAX_NAMED_RUNS = 20
"""Run ids an error message lists before it says how many more exist."""
LABEL_NOTE = "An attempt counts once under every label of the nodes its task is GROUNDED_IN."
EDGE_NOTE = (
    "An attempt counts once under every relationship type that joins two of its task's "
    "grounding nodes (either direction); '(none)': its grounding nodes are not joined."
)


def run_label(agent: str | None, model: str | None, tasks_file: str | None, started: str) -> str:
    """A run's column: agent, model (``offline`` for agents that call none), the name of
    its tasks file and its start to the minute (UTC)."""
    parts = [
        agent or "?",
        model_label(model),
        tasks_name(tasks_file),
        minute(started),
    ]
    return " · ".join(part for part in parts if part)


def _labels(runs: list[RunSummary]) -> None:
    """Each run's label, unique: two runs alike to the minute get their ids' ends."""
    counts: dict[str, int] = {}
    for run in runs:
        counts[run.system] = counts.get(run.system, 0) + 1
    for run in runs:
        if counts[run.system] > 1:
            run.system = f"{run.system} · {run.id[-6:]}"


def resolve_runs(graph: Graph, run_ids: Sequence[str], latest: bool) -> list[str]:
    """The run ids to report on: those given (each must exist) plus the newest with
    ``latest``; a one-line error names the runs the graph has."""
    index = graph.read("reports/run_index")
    known = [row["id"] for row in index]
    chosen = list(dict.fromkeys(run_ids))
    missing = [run for run in chosen if run not in set(known)]
    if missing or (latest and not known) or not (chosen or latest):
        raise UnknownRunError(_unknown_message(missing, known))
    if latest and known[0] not in chosen:
        chosen.append(known[0])
    return chosen


def _unknown_message(missing: list[str], known: list[str]) -> str:
    asked = f"unknown run: {', '.join(missing)}; " if missing else ""
    if not known:
        return f"{asked}the graph has no runs yet (`kg eval run` records them)."
    shown = ", ".join(known[:MAX_NAMED_RUNS])
    more = f" … and {len(known) - MAX_NAMED_RUNS} more" if len(known) > MAX_NAMED_RUNS else ""
    return f"{asked}runs in the graph, newest first: {shown}{more}"


def _runs(graph: Graph, run_ids: list[str]) -> list[RunSummary]:
    return [
        RunSummary(
            id=row["id"],
            agent=row["agent"] or "",
            model=row["model"] or "",
            system=run_label(row["agent"], row["model"], row["tasks_file"], row["started"] or ""),
            started=row["started"] or "",
            finished=row["finished"] or "",
            status=row["status"] or "",
            tasks_file=row["tasks_file"] or "",
            tasks=row["tasks"],
            attempts=row["attempts"],
            successes=row["successes"],
            mean_score=row["mean_score"] or 0.0,
            epochs=row["epochs"],
            kind=row["kind"] or "",
            metrics=json.loads(row["metrics_json"] or "{}"),
        )
        for row in graph.read("reports/runs", runs=run_ids)
    ]


def _fill(
    table: Breakdown, rows: list[Record], column: Callable[[Record], str], value_of: Any = None
) -> Breakdown:
    """Rows of ``run, value, attempts, successes, mean_score`` into ``table``, those of
    its runs only; ``value_of`` derives the row's value when the query does not return
    one. Columns of runs with no row in the table are dropped."""
    for row in rows:
        value = value_of(row) if value_of else row["value"]
        system = column(row)
        if value is None or system not in table.systems:
            continue
        table.cell(str(value), system).add(row["attempts"], row["successes"], row["mean_score"])
    table.rows = dict(sorted(table.rows.items(), key=lambda item: _order(item[0])))
    present = {system for cells in table.rows.values() for system in cells}
    table.systems = [system for system in table.systems if system in present]
    return table


def _order(value: str) -> tuple[int, float, str]:
    """Numbers in numeric order, difficulties easy → expert, the rest alphabetically."""
    difficulty = {"easy": 0, "medium": 1, "hard": 2, "expert": 3}
    if value in difficulty:
        return (0, difficulty[value], value)
    try:
        return (1, float(value), value)
    except ValueError:
        return (2, 0.0, value)


def _prop(graph: Graph, run_ids: list[str], prop: str) -> list[Record]:
    return graph.read("reports/success_by_property", runs=run_ids, property=prop)


def hop_count(row: Record) -> int | None:
    """The number of hops of a task's route: multihop hops without the closing ``end``
    marker, else the steps of a causal path, else the transitions of a GUI route."""
    if row.get("hops_json"):
        hops = json.loads(row["hops_json"]).get("hops", [])
        return sum(1 for hop in hops if hop.get("kind") != "end")
    for key, field in (("path_json", "path"), ("route_json", "route")):
        if row.get(key):
            return len(json.loads(row[key]).get(field, []))
    return None


def _pass_at_k(graph: Graph, run_ids: list[str], runs: list[RunSummary]) -> list[PassAtK]:
    per_run: dict[str, list[tuple[int, int]]] = {}
    for row in graph.read("reports/task_epochs", runs=run_ids):
        per_run.setdefault(row["run"], []).append((row["samples"], row["successes"]))
    entries = []
    for run in runs:
        tasks = per_run.get(run.id, [])
        epochs = max((samples for samples, _ in tasks), default=0)
        if epochs < 2:
            continue
        values = {}
        for k in range(1, epochs + 1):
            # HumanEval reports pass@k only when every task has at least k attempts
            if all(n >= k for n, _ in tasks):
                values[k] = sum(pass_at_k(n, c, k) for n, c in tasks) / len(tasks)
        entries.append(PassAtK(run=run.id, system=run.system, epochs=epochs, values=values))
    return entries


def comparable(
    runs: list[RunSummary], tasks_of: dict[str, frozenset[str]]
) -> list[tuple[str, list[str]]]:
    """The runs' columns in groups that ran the same tasks (the only runs a table sets
    side by side), in the order of each group's first run, each with a caption: its tasks
    files' names and how many tasks."""
    groups: dict[frozenset[str], list[RunSummary]] = {}
    for run in runs:
        groups.setdefault(tasks_of.get(run.id, frozenset()), []).append(run)
    found = []
    for tasks, members in groups.items():
        names = ", ".join(dict.fromkeys(tasks_name(run.tasks_file) or "?" for run in members))
        found.append((f"{names}: {len(tasks)} tasks", [run.system for run in members]))
    return found


class GroupSection(Protocol):
    """A section drawn once per group of runs on the same tasks (hops, causal paths)."""

    group: str
    suffix: str

    @property
    def empty(self) -> bool: ...


Section = TypeVar("Section", bound=GroupSection)


def _per_group(
    groups: list[tuple[str, list[str]]],
    runs: list[RunSummary],
    read: Callable[[list[str], list[str]], Section],
) -> list[Section]:
    """``read`` (run ids, their columns) once per group of runs on the same tasks, the
    empty ones left out; captioned and given id suffixes as the tables are."""
    run_of = {run.system: run.id for run in runs}
    found = []
    for caption, columns in groups:
        section = read([run_of[column] for column in columns], columns)
        if not section.empty:
            section.group = caption if len(groups) > 1 else ""
            found.append(section)
    for index, section in enumerate(found):
        section.suffix = f"-{index + 1}" if index else ""
    return found


def _tasks_of(graph: Graph, run_ids: list[str]) -> dict[str, frozenset[str]]:
    found: dict[str, set[str]] = {}
    for row in graph.read("reports/task_epochs", runs=run_ids):
        found.setdefault(row["run"], set()).add(row["task"])
    return {run: frozenset(tasks) for run, tasks in found.items()}


def read_report(graph: Graph, run_ids: list[str]) -> ReportData:
    """Every table of the report for ``run_ids`` (ids already checked by resolve_runs):
    a column per run, and one table per group of runs that ran the same tasks."""
    runs = _runs(graph, run_ids)
    _labels(runs)
    labels = {run.id: run.system for run in runs}

    def column(row: Record) -> str:
        return labels[row["run"]]

    groups = comparable(runs, _tasks_of(graph, run_ids))
    sources: list[tuple[str, str, str, bool, str, list[Record], Any]] = [
        ("by_type", "Success by task type", "type", False, "", _prop(graph, run_ids, "type"), None),
        (
            "by_difficulty",
            "Success by difficulty",
            "difficulty",
            False,
            "",
            _prop(graph, run_ids, "difficulty"),
            None,
        ),
        ("by_level", "Success by level", "level", False, "", _prop(graph, run_ids, "level"), None),
        (
            "by_hops",
            "Success by hop count",
            "hops",
            False,
            "",
            graph.read("reports/route_attempts", runs=run_ids),
            hop_count,
        ),
        (
            "failures_by_label",
            "Failures by grounding label",
            "label",
            True,
            LABEL_NOTE,
            graph.read("reports/failures_by_grounding_label", runs=run_ids),
            None,
        ),
        (
            "failures_by_edge_type",
            "Failures by edge type",
            "edge type",
            True,
            EDGE_NOTE,
            graph.read("reports/failures_by_edge_type", runs=run_ids),
            None,
        ),
    ]
    tables = []
    # group by group (all of one tasks file's tables, then the next's): the page reads as
    # one part per set of tasks
    for index, (caption, group) in enumerate(groups):
        for key, title, dimension, failures, note, rows, value_of in sources:
            suffix = f"-{index + 1}" if index else ""
            table = Breakdown(key + suffix, title, dimension, group, failures=failures, note=note)
            table.group = caption if len(groups) > 1 else ""
            tables.append(_fill(table, rows, column, value_of))
    shown = [table for table in tables if table.rows]
    omitted = list(dict.fromkeys(table.title for table in tables if not table.rows))
    omitted = [title for title in omitted if title not in {t.title for t in shown}]
    return ReportData(
        runs=runs,
        breakdowns=shown,
        pass_at_k=_pass_at_k(graph, run_ids, runs),
        omitted=omitted,
        step_metrics=read_step_metrics(graph, run_ids),
        hops=_per_group(groups, runs, lambda ids, cols: read_hop_report(graph, ids, cols, column)),
        paths=_per_group(
            groups, runs, lambda ids, cols: read_path_report(graph, ids, cols, column)
        ),
        gui_metrics=read_gui_metrics(graph, run_ids),
        failed=read_failed(graph, run_ids, labels),
    )
