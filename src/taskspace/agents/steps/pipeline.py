"""The modular pipeline of the seed paper (SeeAct, adapted): rank, plan per batch, ground,
select. Each stage's output is kept in a :class:`StepOutcome` so it can be scored alone.

1. Ranking: the top ``top_k`` (50) candidates by a ranker (``taskspace.agents.steps.ranking``).
2. Action prediction: the top candidates, back in page order, are cut into ``batches``
   (4) sections; a predictor plans one action per section, or none.
3. Grounding: each plan is mapped to one element of its section: a triplet (element,
   operation, value), or None.
4. Selection: ``first_viable`` takes the first non-None triplet; ``llm_select`` asks the
   predictor to choose among them (an LLM with a key; offline the most confident plan).

A :class:`Predictor` does stages 2–4; it is async so an LLM one can await its model.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from taskspace.agents.steps.ranking import rank
from taskspace.environments.web_steps.model import Element, Plan, StepOutcome, StepView, Triplet

STRATEGIES = ("first_viable", "llm_select")


@dataclass(frozen=True)
class PipelineConfig:
    top_k: int = 50
    batches: int = 4
    final: str = "llm_select"
    """The selection strategy whose action the step metrics score."""

    def __post_init__(self) -> None:
        if self.top_k < 1 or self.batches < 1:
            raise ValueError("top_k and batches must be at least 1")
        if self.final not in STRATEGIES:
            raise ValueError(f"final must be one of {', '.join(STRATEGIES)}")


class Predictor(Protocol):
    async def plan(self, view: StepView, batch: Sequence[Element]) -> Plan | None: ...

    async def ground(
        self, view: StepView, plan: Plan, batch: Sequence[Element]
    ) -> Triplet | None: ...

    async def select(
        self, view: StepView, options: Sequence[tuple[Triplet, Plan]]
    ) -> Triplet | None: ...


def split_batches(
    ranked: Sequence[Element], page: Sequence[Element], count: int
) -> list[tuple[Element, ...]]:
    """The ranked candidates in page order, cut into ``count`` near-equal sections."""
    position = {element.uid: index for index, element in enumerate(page)}
    ordered = sorted(ranked, key=lambda element: position.get(element.uid, len(position)))
    size, extra = divmod(len(ordered), count)
    sections, start = [], 0
    for index in range(count):
        end = start + size + (1 if index < extra else 0)
        sections.append(tuple(ordered[start:end]))
        start = end
    return [section for section in sections if section]


async def run_step(view: StepView, config: PipelineConfig, predictor: Predictor) -> StepOutcome:
    ranked = rank(f"{view.task}", view.candidates, config.top_k)
    batches = split_batches(ranked, view.candidates, config.batches)
    plans: list[Plan | None] = []
    grounded: list[Triplet | None] = []
    for batch in batches:
        plan = await predictor.plan(view, batch)
        plans.append(plan)
        grounded.append(await predictor.ground(view, plan, batch) if plan else None)
    options = [(g, p) for g, p in zip(grounded, plans, strict=True) if g and p]
    selected: dict[str, Triplet | None] = {
        "first_viable": options[0][0] if options else None,
        "llm_select": await predictor.select(view, options) if options else None,
    }
    return StepOutcome(
        ranked=tuple(element.uid for element in ranked),
        batches=tuple(tuple(element.uid for element in batch) for batch in batches),
        plans=tuple(plans),
        grounded=tuple(grounded),
        selected=selected,
    )
