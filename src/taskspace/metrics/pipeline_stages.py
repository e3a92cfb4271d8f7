"""Stage metrics of a modular web-agent pipeline (rank, plan per batch, ground, select).

Reference: "Detecting pipeline failures through fine-grained analysis of web agents"
(``shared/papers/web-agent-pipeline-failures.txt``, section 3); the paper ships no
evaluation code, so its definitions are the reference.

Semantics, per step, with ``wanted`` the gold element (or, for the flexible ground truth,
every accepted one):

- **RE Acc**: a wanted element is among the ranked candidates shown to the agent;
- **AP Acc**: given the batches whose candidates hold a wanted element, the plan of one of
  them names a wanted element; undefined (None) when no batch holds one, since the paper
  measures planning on a candidate set known to contain the target;
- **Grounding Acc**: on those batches, a grounded triplet equals an accepted action
  exactly (element, and Mind2Web's Op.F1 of 1); None as for AP Acc;
- per selection strategy (first viable, LLM select), Mind2Web's step success of the
  action it chose.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence


def relevant_element_accuracy(wanted: Collection[str], ranked: Sequence[str]) -> float:
    return 1.0 if any(element in wanted for element in ranked) else 0.0


def holding_batches(wanted: Collection[str], batches: Sequence[Sequence[str]]) -> list[int]:
    """The batches whose candidates hold a wanted element."""
    return [i for i, batch in enumerate(batches) if any(e in wanted for e in batch)]


def action_prediction_accuracy(
    wanted: Collection[str], batches: Sequence[Sequence[str]], planned: Sequence[str | None]
) -> float | None:
    """``planned``: the element each batch's plan names (None: no plan, or none named)."""
    holding = holding_batches(wanted, batches)
    if not holding:
        return None
    return 1.0 if any(planned[i] in wanted for i in holding if planned[i]) else 0.0


def grounding_accuracy(
    wanted: Collection[str], batches: Sequence[Sequence[str]], exact: Sequence[bool]
) -> float | None:
    """``exact``: whether each batch's grounded triplet equals an accepted action."""
    holding = holding_batches(wanted, batches)
    if not holding:
        return None
    return 1.0 if any(exact[i] for i in holding) else 0.0
