"""Tasks as an inspect dataset: the prompt is the only input an agent sees.

The gold answer and grounding go into the sample's metadata (and ``target``) because
scorers need them; solvers read ``state.input_text`` only (see ``taskspace.agents``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from inspect_ai.dataset import MemoryDataset, Sample

from taskspace.tasks.model import Task

TASK_JSON = "task_json"
"""Metadata key of the whole task as JSON, for scorers only."""


def hop_count(task: Task) -> int:
    """Steps a task chains: multihop hops, causal-path steps, GUI route hops, or 1."""
    return len(task.hops) or len(task.path) or len(task.route) or 1


def task_metadata(task: Task) -> dict[str, Any]:
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
    }


def task_sample(task: Task) -> Sample:
    """One sample per task, its id the task id (so logs and the graph join on it)."""
    return Sample(
        id=task.id,
        input=task.prompt,
        target=task.answer,
        metadata=task_metadata(task),
    )


def task_dataset(tasks: Sequence[Task], name: str = "taskspace") -> MemoryDataset:
    ids = [task.id for task in tasks]
    if len(set(ids)) != len(ids):
        duplicated = sorted({i for i in ids if ids.count(i) > 1})
        raise ValueError(f"duplicate task ids: {', '.join(duplicated[:5])}")
    return MemoryDataset([task_sample(task) for task in tasks], name=name)
