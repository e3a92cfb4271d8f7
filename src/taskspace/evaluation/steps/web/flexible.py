"""Flexible ground truth: interchangeable steps of one task accept each other's action.

The seed paper mines alternatives by finding an action's element in several steps of the
same task where the order does not matter (two filters, size and colour, applied either
way round). The rule here, on gold steps alone:

- a step is *order-free* when it sets a value rather than moves on: a ``SELECT``, or a
  ``CLICK`` on a control that holds a state (checkbox, radio, option, switch, label,
  menu item checkbox/radio);
- consecutive order-free steps on distinct elements form a *group* (a repeated element
  ends the group: clicking it again would undo it); a group has at least two steps;
- at step *i* of a group, the action of a *later* step *j* of the same group is also
  valid when *j*'s element is among step *i*'s candidates (it is on the page then).
  Earlier steps are already done: the previous actions are the gold ones.
"""

from __future__ import annotations

from collections.abc import Sequence

from taskspace.environments.web_steps.model import GoldStep, Triplet

ORDER_FREE_ROLES = frozenset(
    {"checkbox", "radio", "option", "switch", "label", "menuitemcheckbox", "menuitemradio"}
)


def order_free(step: GoldStep) -> bool:
    if step.op == "SELECT":
        return True
    return step.op == "CLICK" and step.element.role.lower() in ORDER_FREE_ROLES


def order_free_groups(steps: Sequence[GoldStep]) -> list[tuple[int, ...]]:
    """Step positions of each group of interchangeable steps, in order."""
    groups: list[tuple[int, ...]] = []
    run: list[int] = []
    for position, step in enumerate(steps):
        repeated = any(steps[other].element.uid == step.element.uid for other in run)
        if not order_free(step) or repeated:
            if len(run) >= 2:
                groups.append(tuple(run))
            run = [position] if order_free(step) else []
        else:
            run.append(position)
    if len(run) >= 2:
        groups.append(tuple(run))
    return groups


def accepted_actions(
    steps: Sequence[GoldStep], candidates: Sequence[frozenset[str]]
) -> list[tuple[Triplet, ...]]:
    """Per step: its gold action, then the alternatives the rule above allows."""
    group_of: dict[int, tuple[int, ...]] = {}
    for group in order_free_groups(steps):
        for position in group:
            group_of[position] = group
    accepted: list[tuple[Triplet, ...]] = []
    for position, step in enumerate(steps):
        later = [j for j in group_of.get(position, ()) if j > position]
        extra = tuple(
            steps[j].triplet() for j in later if steps[j].element.uid in candidates[position]
        )
        accepted.append((step.triplet(), *extra))
    return accepted
