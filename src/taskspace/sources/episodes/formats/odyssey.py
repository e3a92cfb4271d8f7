"""GUI Odyssey annotation JSON: one cross-app episode per file.

Layout (from the dataset's own description): ``episode_id``; ``device_info`` with the
screen's ``w`` and ``h``; ``task_info`` with ``category``, ``app`` (a list), ``task`` and
the rephrased ``instruction``; ``steps``, each with ``step``, ``screenshot`` (a file name),
``action``, ``info`` and ``ps``. ``info`` is ``[[x, y]]`` for CLICK and LONG_PRESS (or a
key name such as ``KEY_HOME``), ``[[x1, y1], [x2, y2]]`` for SCROLL, the text for TEXT,
and empty otherwise; coordinates are on a 0-1000 grid and become pixels of the device's
``w`` x ``h``. There is no UI tree, so targets stay unknown and points are kept. The task
is the ``instruction`` (what the demonstrator was shown), else ``task``; the app is set
only for single-app episodes, since a cross-app episode has no one app.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from taskspace.sources.episodes import geometry
from taskspace.sources.episodes.errors import EpisodeError
from taskspace.sources.episodes.formats.base import (
    Results,
    attempt,
    document_reader,
    episode_id,
    require,
    screen,
)
from taskspace.sources.episodes.mappings import OdysseyMapping, load_mapping
from taskspace.sources.episodes.model import Action, Episode, Step
from taskspace.sources.episodes.sources import load_json

DATASET = "gui_odyssey"


def matches(document: Any) -> bool:
    records = document if isinstance(document, list) else [document]
    first = records[0] if records else None
    return isinstance(first, Mapping) and "steps" in first and "device_info" in first


def from_document(document: Any, path: Path) -> Results:
    records = document if isinstance(document, list) else [document]
    for index, record in enumerate(records):
        own = record.get("episode_id") if isinstance(record, Mapping) else None
        where = f"episode {own}" if own is not None else f"episode index {index}"
        yield attempt(path, where, partial(_episode, record, where, path))


def _episode(record: Mapping[str, Any], where: str, path: Path) -> Episode:
    mapping = load_mapping("gui_odyssey", OdysseyMapping)
    device = require(record, "device_info")
    width, height = int(require(device, "w")), int(require(device, "h"))
    task_info = require(record, "task_info")
    task = task_info.get("instruction") or require(task_info, "task")
    apps = task_info.get("app") or []
    app = apps[0] if isinstance(apps, list) and len(apps) == 1 else None
    steps = []
    ordered = sorted(require(record, "steps"), key=lambda step: int(require(step, "step")))
    for position, step in enumerate(ordered):
        try:
            action = _action(step, width, height, mapping)
        except (ValueError, TypeError) as exc:
            raise EpisodeError(str(path), f"{where} step {step.get('step')}", str(exc)) from exc
        shot = _screenshot(path, str(require(step, "screenshot")), mapping)
        observation = screen(shot, app=app, width=width, height=height)
        steps.append(Step(index=position, observation=observation, action=action))
    return Episode(
        id=episode_id(DATASET, require(record, "episode_id")),
        dataset=DATASET,
        platform="android",
        task=str(task),
        app=app,
        steps=steps,
        source_file=str(path.resolve()),
        record=where,
    )


def _action(step: Mapping[str, Any], width: int, height: int, mapping: OdysseyMapping) -> Action:
    name = str(require(step, "action"))
    info = step.get("info")
    raw = {"action": name, "info": info, "ps": step.get("ps")}
    spec = mapping.actions.get(name)
    if spec is None:
        raise ValueError(f"unknown action {name!r}")
    if spec.kind in ("tap", "long_press") and isinstance(info, str):
        key = mapping.key_infos.get(info)
        if key is None:
            raise ValueError(f"unknown {name} info {info!r}")
        return Action(kind="key", key=key, raw=raw)

    def pixels(pair: Any) -> tuple[float, float]:
        if not (isinstance(pair, Sequence) and len(pair) == 2):
            raise ValueError(f"expected an [x, y] pair, got {pair!r}")
        x, y = float(pair[0]), float(pair[1])
        return (x * width / mapping.grid, y * height / mapping.grid)

    if spec.kind in ("tap", "long_press"):
        point = info[0] if isinstance(info, list) and info and isinstance(info[0], list) else info
        return spec.action(point=pixels(point), raw=raw)
    if spec.kind == "swipe":
        if not (isinstance(info, list) and len(info) == 2):
            raise ValueError(f"SCROLL info must be [[x1, y1], [x2, y2]], got {info!r}")
        start, end = pixels(info[0]), pixels(info[1])
        direction = geometry.swipe_direction(start, end)
        return spec.action(point=start, end_point=end, direction=direction, raw=raw)
    if spec.kind == "type":
        return spec.action(text=str(info or ""), raw=raw)
    return spec.action(raw=raw)


def _screenshot(path: Path, name: str, mapping: OdysseyMapping) -> Path:
    candidates = [path.parent / folder / name for folder in mapping.screenshot_dirs]
    return next((candidate for candidate in candidates if candidate.is_file()), candidates[0])


read = document_reader(load_json, from_document)
