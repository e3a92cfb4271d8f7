"""The inspect scorer of step-level runs: every step's metrics, with and without the
flexible ground truth, from the stage outcomes the pipeline left in the sample's store.

The score's value holds the episode's means (and ``success``: every step right; and
``success_flex``); its metadata the per-step values and predicted actions, which
``kg eval steps`` sums into micro and per-task averages and writes to the graph.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from inspect_ai.scorer import Score, Scorer, Target, scorer
from inspect_ai.solver import TaskState

from taskspace.environments.web_steps.serial import (
    OUTCOMES_KEY,
    POOL_KEY,
    TASK_KEY,
    elements_from_json,
    outcome_from_dict,
    task_from_json,
)
from taskspace.environments.web_steps.tasks import pages_of
from taskspace.evaluation.kind_metrics import step_run_metrics
from taskspace.evaluation.steps.web.evaluate import FLEX, METRICS, SUCCESS_KEYS, score_task
from taskspace.metrics.mind2web import aggregate

ALWAYS = tuple(
    key + suffix
    for key in METRICS
    if key not in ("ap_acc", "grounding_acc")  # absent where ranking lost the element
    for suffix in ("", FLEX)
)
SCORE_KEYS = (*ALWAYS, "success", "success_flex")


@scorer(metrics=[step_run_metrics(SUCCESS_KEYS, ("ele_acc", "op_f1", "step_sr"))])
def step_scorer(final: str = "llm_select") -> Scorer:
    async def score(state: TaskState, target: Target) -> Score:
        task = task_from_json(str(state.metadata[TASK_KEY]))
        pool = elements_from_json(str(state.metadata.get(POOL_KEY) or "[]"))
        stored: list[dict[str, Any]] = state.store.get(OUTCOMES_KEY, [])
        outcomes = [outcome_from_dict(done) for done in stored]
        steps = score_task(task, pages_of(task, {task.website: pool}), outcomes, final)
        values = [step.values for step in steps]
        found = aggregate([values], SUCCESS_KEYS)
        value: dict[str, float] = {key: round(number, 6) for key, number in found.micro.items()}
        value["score"] = value.get("step_sr", 0.0)
        value["success"] = found.task_sr["task_sr"]
        value["success_flex"] = found.task_sr["task_sr" + FLEX]
        value["steps"] = float(len(values))
        detail = [
            {
                "index": step.index,
                "predicted": asdict(step.predicted) if step.predicted else None,
                "values": step.values,
            }
            for step in steps
        ]
        done = sum(1 for v in values if v.get("step_sr") == 1.0)
        return Score(
            value=value,
            answer=state.output.completion if state.output else "",
            explanation=f"{done} of {len(values)} steps right",
            metadata={"steps": detail},
        )

    return score
