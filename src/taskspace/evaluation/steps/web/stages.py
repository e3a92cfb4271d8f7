"""Stage metrics of the modular pipeline, per step (``taskspace.metrics.pipeline_stages``):
RE Acc, AP Acc and Grounding Acc, and Mind2Web's step success of each selection
strategy's action (``sr_<strategy>``), against the accepted actions."""

from __future__ import annotations

from collections.abc import Sequence

from taskspace.environments.web_steps.model import StepOutcome, Triplet
from taskspace.evaluation.steps.web.metrics import step_score, triplet_exact
from taskspace.metrics.pipeline_stages import (
    action_prediction_accuracy,
    grounding_accuracy,
    relevant_element_accuracy,
)


def stage_scores(outcome: StepOutcome, accepted: Sequence[Triplet]) -> dict[str, float | None]:
    wanted = {action.element for action in accepted if action.element is not None}
    planned = [plan.element if plan else None for plan in outcome.plans]
    exact = [
        grounded is not None and any(triplet_exact(grounded, action) for action in accepted)
        for grounded in outcome.grounded
    ]
    scores: dict[str, float | None] = {
        "re_acc": relevant_element_accuracy(wanted, outcome.ranked),
        "ap_acc": action_prediction_accuracy(wanted, outcome.batches, planned),
        "grounding_acc": grounding_accuracy(wanted, outcome.batches, exact),
    }
    for strategy, action in sorted(outcome.selected.items()):
        scores[f"sr_{strategy}"] = float(step_score(action, accepted).step_success)
    return scores
