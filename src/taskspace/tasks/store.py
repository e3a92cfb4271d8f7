"""Where tasks are kept: a JSONL file and ``:Task`` nodes with ``GROUNDED_IN`` edges."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from taskspace.core.json_layout import json_layout
from taskspace.graph.connection import Graph
from taskspace.graph.provenance import complete_source, record_source
from taskspace.graph.writer import BatchedWriter, WriteSummary
from taskspace.tasks.model import Task


def write_jsonl(tasks: Sequence[Task], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as handle:
        for task in tasks:
            handle.write(task.model_dump_json(exclude_none=False) + "\n")


@dataclass(frozen=True)
class BadLine:
    """A line of a tasks file that is not a task: where it is and why."""

    line: int
    reason: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.reason}"


def _reason(exc: ValidationError) -> str:
    first = exc.errors()[0] if exc.errors() else None
    if first is None:
        return "not a task"
    where = ".".join(str(part) for part in first["loc"])
    message = str(first["msg"])
    return f"{where}: {message}" if where else message


def read_tasks_file(path: Path) -> tuple[list[Task], list[BadLine]]:
    """The tasks of a JSONL file and the lines that are not tasks (a file edited by hand,
    cut short by a full disk, or not a tasks file at all), so a command can use the good
    ones and name the bad ones instead of stopping at the first. A file holding one JSON
    document instead (a task or a list of tasks, pretty-printed) is read whole."""
    tasks: list[Task] = []
    bad: list[BadLine] = []
    with path.open("rb") as handle:
        layout, lines = json_layout(handle)
        if layout == "document":  # a task or a list of tasks pretty-printed over lines
            return _tasks_of_document(b"".join(lines))
        for number, raw in enumerate(lines, start=1):
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError:
                bad.append(BadLine(number, "not UTF-8 text"))
                continue
            if not line.strip():
                continue
            try:
                tasks.append(Task.model_validate_json(line))
            except ValidationError as exc:
                bad.append(BadLine(number, _reason(exc)))
    return tasks, bad


def _tasks_of_document(raw: bytes) -> tuple[list[Task], list[BadLine]]:
    """The tasks of one JSON document: a task, or a list of them (a bad item is named by
    the line it starts on)."""
    try:
        document = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        if isinstance(exc, UnicodeDecodeError):
            return [], [BadLine(1, "not UTF-8 text")]
        return [], [BadLine(exc.lineno, f"not valid JSON: {exc.msg}")]
    items = document if isinstance(document, list) else [document]
    tasks: list[Task] = []
    bad: list[BadLine] = []
    for number, item in enumerate(items, start=1):
        try:
            tasks.append(Task.model_validate(item))
        except ValidationError as exc:
            bad.append(BadLine(1, f"item {number}: {_reason(exc)}"))
    return tasks, bad


def read_jsonl(path: Path) -> list[Task]:
    """Every task of a JSONL file; ValueError naming the first bad line."""
    tasks, bad = read_tasks_file(path)
    if bad:
        raise ValueError(f"{path}: {bad[0]}")
    return tasks


def write_task_nodes(graph: Graph, tasks: Sequence[Task], run_uri: str) -> WriteSummary:
    """MERGE tasks and their grounding; the same tasks written twice change nothing."""
    source = record_source(graph, "tasks", run_uri)
    writer = BatchedWriter(graph)
    summary = writer.write_named(
        "tasks/merge_tasks", [task.graph_row() for task in tasks], source=source
    )
    by_label: dict[str, list[dict[str, str]]] = defaultdict(list)
    for task in tasks:
        for ref in task.grounding:
            by_label[ref.label].append({"task": task.id, "target": ref.id})
    for label, rows in sorted(by_label.items()):
        summary.merge(writer.write_named("tasks/grounded_in", rows, slots={"label": label}))
    complete_source(graph, source)
    return summary
