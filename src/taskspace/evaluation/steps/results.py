"""A step-level run's inspect log into the graph, and its micro and per-task summary.

``ATTEMPTED {epoch, score, success, success_flex, metrics_json, error_type, answer}`` from
the ``:Run`` to each ``:Episode`` (``metrics_json``: the episode's means of every step
metric) and ``ATTEMPTED {epoch, ele_acc, op_f1, step_sr, re_acc, ap_acc, grounding_acc,
sr_first_viable, sr_llm_select, each also with _flex, predicted}`` to each ``:Step``
(``predicted``: the scored action as JSON; a metric that does not apply is absent). MERGE
on (run, node, epoch): writing a log again changes values, never adds edges.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from inspect_ai.log import EvalLog, EvalSample

from taskspace.evaluation.results import error_type, run_id_of, run_row, scored
from taskspace.evaluation.steps.web.evaluate import SUCCESS_KEYS
from taskspace.graph.connection import Graph
from taskspace.graph.writer import BatchedWriter
from taskspace.metrics.mind2web import Aggregate, Values, aggregate
from taskspace.sources.episodes.pagegraph.builder import step_id


def _steps(sample: EvalSample) -> list[dict[str, Any]]:
    first = next(iter(sample.scores.values())) if sample.scores else None
    found = (first.metadata or {}).get("steps") if first else None
    return list(found or [])


def attempt_row(sample: EvalSample) -> dict[str, Any]:
    first = next(iter(sample.scores.values())) if sample.scores else None
    result = scored(first)
    errored = error_type(sample)
    key = str((sample.metadata or {}).get("episode", sample.id))
    steps = [
        {
            "step": step_id(key, int(step["index"])),
            "props": {
                **{k: v for k, v in step["values"].items() if v is not None},
                "predicted": json.dumps(step["predicted"]),
            },
        }
        for step in _steps(sample)
    ]
    flex = result.metrics.get("success_flex", 0.0) >= 1.0
    return {
        "episode": str(sample.id),
        "epoch": sample.epoch,
        "props": {
            "score": result.score,
            "success": result.success and errored is None,
            "success_flex": flex and errored is None,
            "metrics_json": json.dumps(result.metrics, sort_keys=True),
            "error_type": errored,
            "answer": sample.output.completion if sample.output else "",
            "match_rule": ((first.metadata or {}).get("rule") if first else None),
        },
        "steps": steps,
    }


def write_step_results(graph: Graph, log: EvalLog) -> int:
    """MERGE the run and its attempts; returns how many episode attempts the log holds."""
    run_id = run_id_of(log)
    rows = [attempt_row(sample) for sample in log.samples or []]
    writer = BatchedWriter(graph)
    writer.write_steps(
        [
            writer.step("eval/merge_run", [run_row(run_id, log)]),
            writer.step("web_steps/merge_attempts", rows, run=run_id),
        ]
    )
    return len(rows)


def step_values(samples: Sequence[EvalSample]) -> list[list[Values]]:
    """Per episode (first epoch), its steps' metric values."""
    return [
        [step["values"] for step in _steps(sample)]
        for sample in samples
        if sample.epoch == 1 and sample.scores
    ]


def log_summary(log: EvalLog) -> Aggregate:
    return aggregate(step_values(log.samples or []), SUCCESS_KEYS)
