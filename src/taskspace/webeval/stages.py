"""Stage metrics of the modular pipeline, per step (seed paper, section 3).

- RE Acc: an accepted element is among the ranked top candidates.
- AP Acc: on a section holding an accepted element, the plan names that element
  (None when ranking lost the element: the paper measures planning given a candidate
  set that holds it).
- Grounding Acc: on such a section, the grounded triplet equals an accepted action exactly.
- ``sr_<strategy>``: the step succeeds with that selection strategy's action.
"""

from __future__ import annotations

from collections.abc import Sequence

from taskspace.webeval.metrics import step_score, triplet_exact
from taskspace.webeval.model import StepOutcome, Triplet


def stage_scores(outcome: StepOutcome, accepted: Sequence[Triplet]) -> dict[str, float | None]:
    wanted = {action.element for action in accepted}
    holding = [i for i, batch in enumerate(outcome.batches) if wanted & set(batch)]
    scores: dict[str, float | None] = {
        "re_acc": 1.0 if wanted & set(outcome.ranked) else 0.0,
        "ap_acc": None,
        "grounding_acc": None,
    }
    if holding:
        planned = [outcome.plans[i] for i in holding]
        scores["ap_acc"] = 1.0 if any(p and p.element in wanted for p in planned) else 0.0
        grounded = [outcome.grounded[i] for i in holding]
        exact = any(g and triplet_exact(g, a) for g in grounded for a in accepted)
        scores["grounding_acc"] = 1.0 if exact else 0.0
    for strategy, action in sorted(outcome.selected.items()):
        scores[f"sr_{strategy}"] = step_score(action, accepted).step_sr
    return scores
