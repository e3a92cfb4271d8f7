"""One task through the pipeline, scored with and without flexible ground truth.

Each step gets the metrics (Ele.Acc, Op.F1, Step SR) of the final strategy's action and
the stage metrics, once against the gold action alone and once (suffix ``_flex``)
against the actions the flexible ground truth accepts.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from taskspace.agents.steps.pipeline import STRATEGIES, PipelineConfig, Predictor, run_step
from taskspace.environments.web_steps.model import Element, StepOutcome, Triplet, WebTask
from taskspace.environments.web_steps.tasks import pages_of, view_at
from taskspace.evaluation.steps.web.flexible import accepted_actions
from taskspace.evaluation.steps.web.metrics import step_score
from taskspace.evaluation.steps.web.stages import stage_scores
from taskspace.metrics.mind2web import Aggregate, aggregate, named_values

FLEX = "_flex"
SUCCESS_KEYS = ("step_sr", "step_sr" + FLEX)


@dataclass(frozen=True)
class ScoredStep:
    index: int
    predicted: Triplet | None
    values: dict[str, float | None]


def _values(
    predicted: Triplet | None, accepted: Sequence[Triplet], stages: Mapping[str, float | None]
) -> dict[str, float | None]:
    return {**named_values(step_score(predicted, accepted)), **stages}


async def evaluate_task(
    task: WebTask,
    pools: Mapping[str, Sequence[Element]],
    config: PipelineConfig,
    predictor: Predictor,
) -> list[ScoredStep]:
    pages = pages_of(task, pools)
    outcomes = [
        await run_step(view_at(task, position, pages[position]), config, predictor)
        for position in range(len(task.steps))
    ]
    return score_task(task, pages, outcomes, config.final)


def score_task(
    task: WebTask,
    pages: Sequence[Sequence[Element]],
    outcomes: Sequence[StepOutcome],
    final: str,
) -> list[ScoredStep]:
    """Every step's metrics from what the pipeline did; a step it never reached scores 0."""
    flexible = accepted_actions(
        task.steps, [frozenset(element.uid for element in page) for page in pages]
    )
    scored = []
    for position, step in enumerate(task.steps):
        if position >= len(outcomes):
            outcome = StepOutcome((), (), (), (), {name: None for name in STRATEGIES})
        else:
            outcome = outcomes[position]
        predicted = outcome.selected.get(final)
        gold = (step.triplet(),)
        values = _values(predicted, gold, stage_scores(outcome, gold))
        flex = _values(predicted, flexible[position], stage_scores(outcome, flexible[position]))
        values.update({key + FLEX: value for key, value in flex.items()})
        scored.append(ScoredStep(step.index, predicted, values))
    return scored


def summary_of(tasks: Sequence[Sequence[ScoredStep]]) -> Aggregate:
    return aggregate([[step.values for step in steps] for steps in tasks], SUCCESS_KEYS)


def evaluate_all(
    tasks: Sequence[WebTask],
    pools: Mapping[str, Sequence[Element]],
    config: PipelineConfig,
    predictor: Predictor,
) -> list[list[ScoredStep]]:
    """Every task, in order (for the benchmark and scripts; ``kg eval`` goes through inspect)."""

    async def run() -> list[list[ScoredStep]]:
        return [await evaluate_task(task, pools, config, predictor) for task in tasks]

    return asyncio.run(run())


METRICS = (
    "ele_acc",
    "op_f1",
    "step_sr",
    "re_acc",
    "ap_acc",
    "grounding_acc",
    *(f"sr_{strategy}" for strategy in STRATEGIES),
)
"""The per-step metrics, in report order (each also with ``_flex``)."""
