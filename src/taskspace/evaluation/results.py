"""An inspect log into the graph: one ``:Run`` and an ``ATTEMPTED`` edge per task and epoch.

Written in one transaction with MERGE on the run id and (run, task, epoch), so writing the
same log again, or the log of a resumed run, changes values and never adds edges.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import PurePath
from typing import Any

from inspect_ai.log import EvalLog, EvalSample
from inspect_ai.scorer import Score, value_to_float

from taskspace.graph.connection import Graph
from taskspace.graph.writer import BatchedWriter

_to_float = value_to_float()
EDGE_METRICS = (
    "hops_total",
    "hops_passed",
    "first_failed_hop",
    "steps_total",
    "steps_passed",
    "steps_leading",
    "first_failed_step",
    "attack_success",
)
"""Metrics also written as ATTEMPTED properties (integers), so that Cypher can group by
them: ``metrics_json`` is text the report queries cannot look into."""
_ERROR_NAME = re.compile(r"^(\w+(?:\.\w+)*)(?::|$)")


@dataclass(frozen=True)
class Scored:
    score: float
    success: bool
    metrics: dict[str, float]


def scored(score: Score | None) -> Scored:
    """A dict-valued task score ({score, success, f1, …}) or a plain C/I, bool or float."""
    if score is None:
        return Scored(0.0, False, {})
    value = score.value
    if isinstance(value, dict):
        headline = float(_to_float(value.get("score", 0.0)))
        success = bool(value.get("success", headline >= 1.0))
        metrics = {
            key: float(item)
            for key, item in value.items()
            if key not in ("score", "success") and isinstance(item, int | float)
        }
        return Scored(headline, success, metrics)
    headline = float(_to_float(value))
    return Scored(headline, headline >= 1.0, {})


def error_type(sample: EvalSample) -> str | None:
    """The exception's class name, or ``<type>_limit`` when a limit ended the sample."""
    if sample.error is not None:
        lines = [line for line in sample.error.traceback.strip().splitlines() if line.strip()]
        found = _ERROR_NAME.match(lines[-1].strip()) if lines else None
        return found.group(1).rsplit(".", 1)[-1] if found else "error"
    if sample.limit is not None:
        return f"{sample.limit.type}_limit"
    return None


def attributed(score: Score | None, success: bool) -> dict[str, str | None]:
    """A scored failure's error class (causal paths: KD, PRE, OE, PE, SCE), why, and who
    said so (``rules`` of ``scoring.path_errors`` or the judge's model), from the score's
    metadata; all None for a success or a task without attribution."""
    meta = (score.metadata or {}) if score is not None else {}
    found = meta.get("error_class") and not success
    return {
        key: str(meta[name]) if found and meta.get(name) else None
        for key, name in (
            ("error_type", "error_class"),
            ("error_reason", "error_reason"),
            ("error_source", "error_source"),
        )
    }


def attempt_row(sample: EvalSample) -> dict[str, Any]:
    first = next(iter(sample.scores.values())) if sample.scores else None
    result = scored(first)
    errored = error_type(sample)
    answer = sample.output.completion if sample.output else ""
    return {
        "task": str(sample.id),
        "epoch": sample.epoch,
        "props": {
            "score": result.score,
            "success": result.success and errored is None,
            "metrics_json": json.dumps(result.metrics, sort_keys=True),
            **attributed(first, result.success),
            **({"error_type": errored} if errored else {}),
            "answer": answer,
            **{key: int(result.metrics[key]) for key in EDGE_METRICS if key in result.metrics},
        },
    }


def run_name(agent: str, tasks_file: str | None) -> str:
    """What a person calls the run: its agent and its tasks file's name (never the whole
    path, which Neo4j Browser would cut); the Browser captions a node by its ``name``."""
    return f"{agent} · {PurePath(tasks_file).name}" if tasks_file else agent


def run_row(run_id: str, log: EvalLog) -> dict[str, Any]:
    meta = log.eval.metadata or {}
    agent = (meta.get("agent_spec") or {}).get("name", log.eval.task)
    return {
        "id": run_id,
        "started": log.stats.started_at or log.eval.created,
        "props": {
            "name": run_name(agent, meta.get("tasks_file")),
            "agent": agent,
            "model": str(log.eval.model),
            "config_json": json.dumps(meta.get("run_config", {}), sort_keys=True),
            "finished": log.stats.completed_at or None,
            "log_path": local_path(log.location),
            "tasks_file": meta.get("tasks_file"),
            "kind": meta.get("task_kind") or None,
            "metrics_json": json.dumps(run_metrics(log), sort_keys=True),
            "status": log.status,
            "source": f"inspect:{log.eval.eval_id}",
        },
    }


def run_metrics(log: EvalLog) -> dict[str, float]:
    """The run's metrics as inspect computed and shows them: ``name`` for the mean
    reduction (the default), ``reducer/name`` for another (``pass_at_3/success``)."""
    found: dict[str, float] = {}
    for result in log.results.scores if log.results else []:
        reducer = result.reducer or "mean"
        for name, value in result.metrics.items():
            key = name if reducer == "mean" else f"{reducer}/{name}"
            found.setdefault(key, round(float(value.value), 6))
    return found


def local_path(location: str) -> str:
    """A log's location as a plain path (inspect reports some as ``file://`` URIs)."""
    return location.removeprefix("file://")


def run_id_of(log: EvalLog) -> str:
    meta = log.eval.metadata or {}
    run = meta.get("taskspace_run")
    if not isinstance(run, str):
        raise ValueError(f"{log.location}: not a kg eval log (no taskspace_run in its metadata)")
    return run


def write_run_results(graph: Graph, log: EvalLog) -> int:
    """MERGE the run and its attempts; returns how many attempts the log holds."""
    run_id = run_id_of(log)
    rows = [attempt_row(sample) for sample in log.samples or []]
    writer = BatchedWriter(graph)
    writer.write_steps(
        [
            writer.step("eval/merge_run", [run_row(run_id, log)]),
            writer.step("eval/merge_attempts", rows, run=run_id),
        ]
    )
    return len(rows)
