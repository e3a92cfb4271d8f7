"""The deterministic offline predictor: word overlap between the task and the elements.

It plans, in each section, the element sharing the most not-yet-used task words (words
of earlier actions count as used), infers the operation from the element's role (a text
box is typed into, a combobox selected, anything else clicked) and takes as value the
first run of unused task words that do not name the element. A baseline that lets every
metric run end to end without a model, not a competitor.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from taskspace.agents.steps.text import words
from taskspace.environments.web_steps.model import Element, Plan, StepView, Triplet

TYPE_ROLES = frozenset({"textbox", "searchbox", "input", "spinbutton", "textarea"})
SELECT_ROLES = frozenset({"combobox", "select", "listbox"})


def operation_for(element: Element) -> str:
    role = element.role.lower()
    if role in TYPE_ROLES:
        return "TYPE"
    if role in SELECT_ROLES:
        return "SELECT"
    return "CLICK"


def used_words(view: StepView) -> set[str]:
    return {token for action in view.previous for token in words(action)}


def value_for(view: StepView, element: Element, used: set[str]) -> str:
    """The first run of task words neither used before nor naming the element."""
    naming = set(words(element.text)) | used
    run: list[str] = []
    for raw in view.task.split():
        token = words(raw)
        fresh = bool(token) and not (set(token) & naming)
        if fresh:
            run.append(raw.strip(".,;:!?\"'()"))
        elif run:
            break
    return " ".join(run)


def overlap(query: set[str], element: Element) -> float:
    own = set(words(element.text))
    return len(query & own) / math.sqrt(len(own)) if own else 0.0


class OfflinePredictor:
    async def plan(self, view: StepView, batch: Sequence[Element]) -> Plan | None:
        used = used_words(view)
        query = set(words(view.task)) - used
        scored = [(overlap(query, element), -i, element) for i, element in enumerate(batch)]
        best = max(scored, key=lambda item: (item[0], item[1]), default=None)
        if best is None or best[0] <= 0:
            return None
        element = best[2]
        op = operation_for(element)
        value = value_for(view, element, used) if op != "CLICK" else ""
        description = f"{op} {element.describe()} {value}".strip()
        return Plan(description, element.uid, op, value, confidence=best[0])

    async def ground(self, view: StepView, plan: Plan, batch: Sequence[Element]) -> Triplet | None:
        if any(element.uid == plan.element for element in batch):
            return Triplet(plan.element, plan.op, plan.value)
        query = set(words(plan.description))
        scored = [(overlap(query, element), element) for element in batch]
        score, element = max(scored, key=lambda item: item[0], default=(0.0, None))
        return Triplet(element.uid, plan.op, plan.value) if element and score > 0 else None

    async def select(
        self, view: StepView, options: Sequence[tuple[Triplet, Plan]]
    ) -> Triplet | None:
        best = max(options, key=lambda option: option[1].confidence, default=None)
        return best[0] if best else None
