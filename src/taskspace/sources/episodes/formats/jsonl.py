"""Our own JSON Lines episode format, for agents and tools that have no format of their own.

One episode per line; the fields mirror :mod:`taskspace.sources.episodes.model` (see
``docs/episode-formats.md`` for an example): ``platform``, ``task``, ``steps`` (each with
``observation``, ``action`` and an optional ``thought``) are required; ``id``, ``app``,
``final`` and a step's ``index`` are optional. Screenshot and UI dump paths are relative
to the file. A step whose observation names a ``ui_dump`` but lists no elements gets
them from the dump; a tap or long press given as a point is resolved to the element
under it. ``raw`` defaults to the action object as written. Unknown keys are errors, so
that a misspelt field is reported rather than silently dropped.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from pathlib import Path
from typing import Any

from taskspace.sources.episodes import uitree
from taskspace.sources.episodes.errors import EpisodeError
from taskspace.sources.episodes.formats.base import Results, attempt, episode_id, require, target_at
from taskspace.sources.episodes.model import Action, Episode, Observation, Step
from taskspace.sources.episodes.sources import decode_line, parse_json, read_lines

DATASET = "jsonl"

_EPISODE_KEYS = {"id", "platform", "task", "app", "steps", "final"}
_STEP_KEYS = {"index", "observation", "action", "thought"}


def matches(document: Any) -> bool:
    """A single-line file parses as one JSON object: an episode when it has task and steps."""
    return isinstance(document, Mapping) and "task" in document and "steps" in document


def read(path: Path) -> Results:
    try:
        lines = read_lines(path)
    except EpisodeError as error:
        yield error
        return
    if not any(line.strip() for line in lines):
        yield EpisodeError(str(path), None, "empty: the file holds no episode")
        return
    for number, line in enumerate(lines, start=1):
        if line.strip():
            yield attempt(path, f"line {number}", partial(_episode, line, number, path))


def _episode(line: bytes, number: int, path: Path) -> Episode:
    record = f"line {number}"
    data = parse_json(decode_line(line, str(path), record), str(path), record)
    _known(data, _EPISODE_KEYS, "episode")
    own_id = data.get("id") or f"{path.stem}-{number}"
    steps = []
    for position, given in enumerate(require(data, "steps")):
        _known(given, _STEP_KEYS, f"step {position}")
        observation = _observation(require(given, "observation"), path)
        action = _action(require(given, "action"), observation)
        index = given.get("index", position)
        steps.append(
            Step(index=index, observation=observation, action=action, thought=given.get("thought"))
        )
    final = data.get("final")
    return Episode(
        id=episode_id(DATASET, own_id),
        dataset=DATASET,
        platform=require(data, "platform"),
        task=str(require(data, "task")),
        app=data.get("app"),
        steps=steps,
        final=_observation(final, path) if final is not None else None,
        source_file=str(path.resolve()),
        record=f"line {number}",
    )


def _observation(given: Any, path: Path) -> Observation:
    _known(given, set(Observation.model_fields), "observation")
    fields = dict(given)
    for name in ("screenshot", "ui_dump"):
        if fields.get(name):
            fields[name] = str((path.parent / str(fields[name])).resolve())
    observation = Observation.model_validate(fields)
    if observation.ui_dump and not observation.elements:
        dumped = uitree.parse_ui_dump(Path(observation.ui_dump))
        filled = {
            name: getattr(dumped, name)
            for name in ("app", "width", "height", "elements")
            if getattr(observation, name) in (None, [])
        }
        observation = observation.model_copy(update=filled)
    return observation


def _action(given: Any, observation: Observation) -> Action:
    _known(given, set(Action.model_fields), "action")
    action = Action.model_validate({"raw": dict(given), **given})
    if action.kind in ("tap", "long_press") and action.target is None:
        target = target_at(observation.elements, action.point)
        action = action.model_copy(update={"target": target})
    return action


def _known(given: Any, keys: set[str], what: str) -> None:
    if not isinstance(given, Mapping):
        raise ValueError(f"{what} must be an object, got {type(given).__name__}")
    unknown = sorted(set(given) - keys)
    if unknown:
        raise ValueError(f"unknown {what} field(s): {', '.join(unknown)}")
