"""Gold web tasks from episodes (parsed, or read back from the graph's :Step nodes), and the
candidates each step offers.

Raw Mind2Web lists carry no page: a step's candidates are then the *site pool*, every
element any loaded task of the same website acts on (sorted by id, so the order gives
nothing away). Formats that ship the page's candidates (SeeAct's per-step records) keep
them in the step's ``raw`` as ``candidates: [[uid, role, text], …]`` with the gold
``target: {uid, role, text}``, and those are used instead.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from taskspace.core.words import normalized
from taskspace.environments.errors import NotAWebStepError
from taskspace.environments.web_steps.model import Element, GoldStep, StepView, WebTask
from taskspace.sources.episodes.model import Action, Episode

OPS = {"tap": "CLICK", "type": "TYPE", "select": "SELECT", "hover": "HOVER", "key": "ENTER"}
"""Common action kinds back to Mind2Web's operations."""
_REPR = re.compile(r"^\s*\[(?P<role>[^\]]*)\]")


def element_uid(role: str, text: str) -> str:
    return f"{role.lower()}|{normalized(text)}"


def role_of(raw: Any) -> str:
    """The ARIA role as the input gives it: ``[op, "[role]", text]``, an action repr, a target."""
    if isinstance(raw, list) and len(raw) == 3:
        return str(raw[1]).strip().strip("[]")
    if isinstance(raw, Mapping):
        target = raw.get("target")
        if isinstance(target, Mapping):
            return str(target.get("role") or "")
        found = _REPR.match(str(raw.get("action_repr") or ""))
        return found["role"].strip() if found else ""
    return ""


def gold_step(index: int, kind: str, target: str | None, value: str | None, raw: Any) -> GoldStep:
    op = OPS.get(kind)
    if op is None:
        raise NotAWebStepError(f"step {index}: a {kind!r} action has no Mind2Web operation")
    role = role_of(raw)
    given = raw.get("target") if isinstance(raw, Mapping) else None
    if isinstance(given, Mapping) and given.get("uid"):
        element = Element(str(given["uid"]), role, str(given.get("text") or ""))
    else:
        element = Element(element_uid(role, target or ""), role, target or "")
    listed = raw.get("candidates") if isinstance(raw, Mapping) else None
    candidates = (
        tuple(Element(str(uid), str(r), str(t)) for uid, r, t in listed)
        if isinstance(listed, list)
        else None
    )
    return GoldStep(
        index, element, op, (value or "") if op in ("TYPE", "SELECT") else "", candidates
    )


def _action_value(action: Action) -> tuple[str | None, str | None]:
    target = action.target.label() if action.target else action.target_text
    return target, action.text


def task_from_episode(episode: Episode) -> WebTask:
    steps = []
    for step in episode.steps:
        target, value = _action_value(step.action)
        steps.append(gold_step(step.index, step.action.kind, target, value, step.action.raw))
    return WebTask(episode.id, episode.app or "", episode.task, tuple(steps))


def task_from_row(row: Mapping[str, Any]) -> WebTask:
    """A task from ``cypher/web_steps/episode_steps``: steps {index, kind, target, text,
    raw_json}."""
    steps = [
        gold_step(
            int(step["index"]),
            str(step["kind"]),
            step.get("target"),
            step.get("text"),
            json.loads(step["raw_json"]) if step.get("raw_json") else None,
        )
        for step in sorted(row["steps"], key=lambda step: int(step["index"]))
    ]
    return WebTask(str(row["key"]), str(row.get("app") or ""), str(row["task"]), tuple(steps))


def site_pools(tasks: Iterable[WebTask]) -> dict[str, tuple[Element, ...]]:
    """Website → every element its tasks act on (for steps without their own candidates)."""
    pools: dict[str, dict[str, Element]] = {}
    for task in tasks:
        pool = pools.setdefault(task.website, {})
        for step in task.steps:
            pool.setdefault(step.element.uid, step.element)
    return {site: tuple(pool[uid] for uid in sorted(pool)) for site, pool in pools.items()}


def candidates_at(
    step: GoldStep, website: str, pools: Mapping[str, Sequence[Element]]
) -> tuple[Element, ...]:
    if step.candidates is not None:
        return step.candidates
    return tuple(pools.get(website, ()))


def pages_of(task: WebTask, pools: Mapping[str, Sequence[Element]]) -> list[tuple[Element, ...]]:
    """Each step's candidates: its own, else the site pool."""
    return [candidates_at(step, task.website, pools) for step in task.steps]


def action_repr(step: GoldStep) -> str:
    """Mind2Web's form of a done action: ``[combobox] Reservation type -> SELECT: Pickup``."""
    done = f"{step.op}: {step.value}" if step.value else step.op
    return f"[{step.element.role}] {step.element.text} -> {done}"


def view_at(task: WebTask, position: int, candidates: Sequence[Element]) -> StepView:
    previous = tuple(action_repr(step) for step in task.steps[:position])
    return StepView(task.task, task.website, previous, tuple(candidates))
