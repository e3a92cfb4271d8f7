"""Mind2Web's step metrics on the pipeline's triplets (``taskspace.metrics.mind2web``).

A step is scored against its *accepted* actions: the gold one, and for the ``_flex``
variant every alternative the flexible ground truth allows
(``taskspace.evaluation.steps.web.flexible``). With the gold alone this is the reference's score;
with alternatives the element counts when it is an accepted one's, Op.F1 is the best over
them, and the step succeeds when one accepted action is met exactly.
"""

from __future__ import annotations

from collections.abc import Sequence

from taskspace.environments.web_steps.model import Triplet
from taskspace.metrics.mind2web import NO_STEP, Action, StepResult, score_step


def as_action(triplet: Triplet) -> Action:
    return Action(triplet.element, triplet.op, triplet.value)


def step_score(predicted: Triplet | None, accepted: Sequence[Triplet]) -> StepResult:
    """Ele.Acc, Op.F1 and Step SR of ``predicted`` against the accepted actions."""
    if not accepted:
        raise ValueError("a step needs its gold action")
    if predicted is None:
        return NO_STEP
    results = [score_step(as_action(predicted), as_action(gold)) for gold in accepted]
    return StepResult(
        element_correct=any(r.element_correct for r in results),
        op_f1=max(r.op_f1 for r in results),
        step_success=any(r.step_success for r in results),
    )


def triplet_exact(predicted: Triplet, gold: Triplet) -> bool:
    """The element and the operation agree as Mind2Web's step success requires."""
    return score_step(as_action(predicted), as_action(gold)).step_success
