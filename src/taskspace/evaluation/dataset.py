"""Tasks as an inspect dataset: the prompt is the only input an agent sees.

The gold answer and grounding go into the sample's metadata (and ``target``) because
scorers need them; solvers read ``state.input_text`` only (see ``taskspace.agents``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from inspect_ai.dataset import MemoryDataset, Sample

from taskspace.graph.connection import Graph
from taskspace.tasks.model import Task
from taskspace.tasks.scoring.citations import Cover
from taskspace.tasks.state import EVIDENCE_COVER_KEY, TASK_METADATA_KEY

TASK_JSON = TASK_METADATA_KEY
"""Metadata key of the whole task as JSON, for scorers only."""


def hop_count(task: Task) -> int:
    """Steps a task chains: multihop hops, causal-path steps, GUI route hops, or 1."""
    return len(task.hops) or len(task.path) or len(task.route) or 1


def task_metadata(task: Task, cover: Cover | None = None) -> dict[str, Any]:
    return {
        "kind": task.kind,
        "type": task.type,
        "difficulty": task.difficulty,
        "template": task.template,
        "check": task.check,
        "level": task.level,
        "hops": hop_count(task),
        "grounding_ids": [ref.id for ref in task.grounding],
        TASK_JSON: task.model_dump_json(),
        EVIDENCE_COVER_KEY: dict(cover or {}),
    }


def evidence_cover(graph: Graph, tasks: Sequence[Task]) -> dict[str, Cover]:
    """Per task: which chunks stand for which of its grounding nodes (one read for all)."""
    grounding = sorted({ref.id for task in tasks for ref in task.grounding})
    rows = graph.read("eval/evidence_cover", grounding=grounding) if grounding else []
    covers: dict[str, list[str]] = {}
    for row in rows:
        covers.setdefault(row["node"], []).extend(row["covers"])
    by_task: dict[str, Cover] = {}
    for task in tasks:
        own = {ref.id for ref in task.grounding}
        by_task[task.id] = {
            node: sorted(own.intersection(ids)) for node, ids in covers.items() if own & set(ids)
        }
    return by_task


def task_sample(task: Task, cover: Cover | None = None) -> Sample:
    """One sample per task, its id the task id (so logs and the graph join on it)."""
    return Sample(
        id=task.id,
        input=task.prompt,
        target=task.answer,
        metadata=task_metadata(task, cover),
    )


def task_dataset(
    tasks: Sequence[Task], name: str = "taskspace", covers: dict[str, Cover] | None = None
) -> MemoryDataset:
    ids = [task.id for task in tasks]
    if len(set(ids)) != len(ids):
        duplicated = sorted({i for i in ids if ids.count(i) > 1})
        raise ValueError(f"duplicate task ids: {', '.join(duplicated[:5])}")
    covers = covers or {}
    samples = [task_sample(task, covers.get(task.id)) for task in tasks]
    return MemoryDataset(samples, name=name)
