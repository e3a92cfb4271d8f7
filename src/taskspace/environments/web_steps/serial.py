"""Tasks and stage outcomes as JSON, for inspect samples, stores and logs."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from typing import Any

from taskspace.environments.web_steps.model import (
    Element,
    GoldStep,
    Plan,
    StepOutcome,
    Triplet,
    WebTask,
)

TASK_KEY = "web_task"
"""Sample metadata: the episode's gold steps (for the step environment and the scorer)."""
POOL_KEY = "site_candidates"
"""Sample metadata: the site pool, for steps without candidates of their own."""
OUTCOMES_KEY = "webeval_outcomes"
"""Sample store: what the pipeline did at each step, for the stage metrics."""


def _element(given: Mapping[str, Any]) -> Element:
    return Element(str(given["uid"]), str(given.get("role") or ""), str(given.get("text") or ""))


def elements_to_json(elements: Sequence[Element]) -> str:
    return json.dumps([asdict(element) for element in elements])


def elements_from_json(text: str) -> tuple[Element, ...]:
    return tuple(_element(given) for given in json.loads(text))


def task_to_json(task: WebTask) -> str:
    return json.dumps(asdict(task))


def task_from_json(text: str) -> WebTask:
    data = json.loads(text)
    steps = tuple(
        GoldStep(
            int(step["index"]),
            _element(step["element"]),
            str(step["op"]),
            str(step.get("value") or ""),
            None
            if step.get("candidates") is None
            else tuple(_element(given) for given in step["candidates"]),
        )
        for step in data["steps"]
    )
    return WebTask(str(data["id"]), str(data["website"]), str(data["task"]), steps)


def _triplet(given: Mapping[str, Any] | None) -> Triplet | None:
    if given is None:
        return None
    return Triplet(given.get("element"), str(given["op"]), str(given.get("value") or ""))


def outcome_to_dict(outcome: StepOutcome) -> dict[str, Any]:
    return asdict(outcome)


def outcome_from_dict(data: Mapping[str, Any]) -> StepOutcome:
    return StepOutcome(
        ranked=tuple(data["ranked"]),
        batches=tuple(tuple(batch) for batch in data["batches"]),
        plans=tuple(None if plan is None else Plan(**plan) for plan in data["plans"]),
        grounded=tuple(_triplet(given) for given in data["grounded"]),
        selected={name: _triplet(given) for name, given in data["selected"].items()},
    )
