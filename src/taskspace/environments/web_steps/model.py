"""What a step-level web evaluation works on: elements, gold steps, tasks, predictions.

An element is identified by ``uid``: the page's own id when the format ships candidates
(SeeAct's ``backend_node_id``), else ``role|text`` (the raw Mind2Web list names elements
only by ARIA role and text, so two ``[svg]`` icons without text on one site are one
element: the data cannot tell them apart).
"""

from __future__ import annotations

from dataclasses import dataclass, field

OPERATIONS = ("CLICK", "TYPE", "SELECT", "HOVER", "ENTER")


@dataclass(frozen=True)
class Element:
    uid: str
    role: str = ""
    text: str = ""

    def describe(self) -> str:
        """How the element is shown to an agent: ``[role] text``."""
        return f"[{self.role}] {self.text}".strip()


@dataclass(frozen=True)
class Triplet:
    """An action: the element acted on, the operation, and its value (typed text, option)."""

    element: str | None
    op: str
    value: str = ""

    def operation_text(self) -> str:
        """What Op.F1 compares: operation and value as one text (``SELECT Pickup``)."""
        return f"{self.op} {self.value}".strip()


@dataclass(frozen=True)
class GoldStep:
    index: int
    element: Element
    op: str
    value: str = ""
    candidates: tuple[Element, ...] | None = None
    """The page's candidates when the format ships them; else the site pool is used."""

    def triplet(self) -> Triplet:
        return Triplet(self.element.uid, self.op, self.value)


@dataclass(frozen=True)
class WebTask:
    id: str
    website: str
    task: str
    steps: tuple[GoldStep, ...]


@dataclass(frozen=True)
class StepView:
    """What the agent sees at a step: never the step's gold."""

    task: str
    website: str
    previous: tuple[str, ...]
    """The earlier steps' gold actions, as ``[role] text -> OP: value`` (Mind2Web's form)."""
    candidates: tuple[Element, ...]


@dataclass
class Plan:
    """One batch's action prediction: a description and the element it names (or none)."""

    description: str
    element: str | None
    op: str = "CLICK"
    value: str = ""
    confidence: float = 0.0


@dataclass
class StepOutcome:
    """Everything the pipeline did at one step, for the stage metrics."""

    ranked: tuple[str, ...]
    batches: tuple[tuple[str, ...], ...]
    plans: tuple[Plan | None, ...]
    grounded: tuple[Triplet | None, ...]
    selected: dict[str, Triplet | None] = field(default_factory=dict)
    """Selection strategy → its final action."""
