"""Step-level runs on Mind2Web-format episodes in the graph (``kg eval steps``).

One inspect sample per episode: its input is the task, its metadata the gold steps and
the site's candidate pool (read by the step environment and the scorer, never by the
predictor). The solver is the agent's (``web_steps`` kind); the scorer recomputes every
step's metrics from what each stage did (``taskspace.webeval``), with and without the
flexible ground truth. The run is a ``:Run``; its results are ``ATTEMPTED`` edges to
each ``:Episode`` (the task's means) and to each ``:Step`` (that step's metrics).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from inspect_ai.dataset import MemoryDataset, Sample

from taskspace.core.errors import UserError
from taskspace.environments.errors import NotAWebStepError
from taskspace.environments.web_steps.model import Element, GoldStep, WebTask
from taskspace.environments.web_steps.serial import (
    POOL_KEY,
    TASK_KEY,
    elements_to_json,
    task_to_json,
)
from taskspace.environments.web_steps.tasks import gold_step, site_pools, task_from_row
from taskspace.evaluation.steps.runner import ALL, NO_LIMIT, EpisodeRun, selection_params
from taskspace.evaluation.steps.web.scorer import step_scorer
from taskspace.graph.connection import Graph

WEB_DATASETS = ("mind2web", "seeact")
"""Episode datasets whose steps carry Mind2Web operations on named elements."""
POOL_DATASETS = ("mind2web",)
"""Datasets whose steps bring no page: their candidates are the site pool."""


@dataclass
class StepTasks:
    selection: str
    tasks: list[tuple[str, str, WebTask]] = field(default_factory=list)
    """(episode node id, episode key, task)."""
    skipped: list[str] = field(default_factory=list)
    pools: dict[str, tuple[Element, ...]] = field(default_factory=dict)


def read_step_tasks(graph: Graph, selection: str, limit: int | None = None) -> StepTasks:
    found = StepTasks(selection)
    rows = graph.read(
        "web_steps/episodes", **selection_params(selection, WEB_DATASETS), limit=limit or NO_LIMIT
    )
    for row in rows:
        try:
            found.tasks.append((str(row["id"]), str(row["key"]), task_from_row(row)))
        except NotAWebStepError as exc:
            found.skipped.append(f"{row['key']}: {exc}")
    if not found.tasks:
        raise UserError(
            f"no Mind2Web-format episodes for {selection!r} in the graph (choose {ALL}, "
            f"{', '.join(WEB_DATASETS)} or a loaded file; load them with `kg load episodes`)"
        )
    apps = sorted({t.website for _, _, t in found.tasks if _needs_pool(t)})
    if apps:
        found.pools = _pools(graph.read("web_steps/site_steps", apps=apps, datasets=POOL_DATASETS))
    return found


def _needs_pool(task: WebTask) -> bool:
    return any(step.candidates is None for step in task.steps)


def _pools(rows: Sequence[Mapping[str, Any]]) -> dict[str, tuple[Element, ...]]:
    steps: dict[tuple[str, str], list[GoldStep]] = {}
    for row in rows:
        raw = json.loads(row["raw_json"]) if row.get("raw_json") else None
        try:
            step = gold_step(int(row["index"]), str(row["kind"]), row["target"], row["text"], raw)
        except NotAWebStepError:
            continue
        steps.setdefault((str(row["key"]), str(row["app"])), []).append(step)
    tasks = [WebTask(key, app, "", tuple(found)) for (key, app), found in steps.items()]
    return site_pools(tasks)


def step_dataset(found: StepTasks) -> MemoryDataset:
    samples = [
        Sample(
            id=node_id,
            input=task.task,
            metadata={
                "episode": key,
                "website": task.website,
                TASK_KEY: task_to_json(task),
                POOL_KEY: elements_to_json(found.pools.get(task.website, ())),
            },
        )
        for node_id, key, task in found.tasks
    ]
    return MemoryDataset(samples, name=f"episodes:{found.selection}")


def steps_digest(found: StepTasks) -> str:
    """What the run ran on: the selection and every episode's gold steps and candidates."""
    digest = hashlib.sha256(found.selection.encode())
    for _, _, task in found.tasks:
        digest.update(task_to_json(task).encode())
    for site in sorted(found.pools):
        digest.update(elements_to_json(found.pools[site]).encode())
    return digest.hexdigest()[:16]


def step_run(found: StepTasks, selection: str) -> EpisodeRun:
    """The episodes as one step-level run, scored with the agent's ``selection`` strategy."""
    return EpisodeRun(
        dataset=step_dataset(found),
        scorer=step_scorer(selection),
        digest=steps_digest(found),
        source=f"episodes:{found.selection}",
        selection=found.selection,
        kind="web-steps",
    )
