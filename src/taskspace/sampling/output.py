"""Where sampled tasks go: a JSONL file and ``:Task`` nodes with ``GROUNDED_IN`` edges."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

from taskspace.graph.connection import Graph
from taskspace.graph.provenance import complete_source, record_source
from taskspace.graph.writer import BatchedWriter, WriteSummary
from taskspace.sampling.tasks import Task


def write_jsonl(tasks: Sequence[Task], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as handle:
        for task in tasks:
            handle.write(task.model_dump_json(exclude_none=False) + "\n")


def read_jsonl(path: Path) -> list[Task]:
    with path.open(encoding="utf-8") as handle:
        return [Task.model_validate_json(line) for line in handle if line.strip()]


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
