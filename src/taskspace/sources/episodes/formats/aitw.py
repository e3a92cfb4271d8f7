"""AITW-style step JSON (Android in the Wild as AitZ ships it): a list of step records.

Each record is one step: ``episode_id``, ``step_id``, ``instruction``, the action as
``result_action_type`` (a code), ``result_action_text``, ``result_touch_yx`` and
``result_lift_yx`` (normalised y, x), and the screen as parallel OCR/icon lists
``ui_positions`` (y, x, h, w), ``ui_text`` and ``ui_types``. AitZ adds ``coat_*`` fields:
the screen description and the demonstrator's reasoning, kept as the observation's
description and the step's thought. List-valued fields may arrive as JSON strings (AitZ)
or as lists. Screenshots sit beside the file, named after ``image_path``
(``<episode>_<step>.png``).

Units, checked by hand on the AitZ sample: ``ui_positions`` are pixels of the shipped
screenshot (270x600 there: y up to 578, x up to 254), not fractions; boxes given as
fractions (all values <= 1, as in other AITW exports) are scaled by the image size. Touch
points are fractions and become pixels of the screenshot. Without the screenshot the
screen size is unknown, so points cannot be placed (the swipe direction still can).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import partial
from pathlib import Path
from typing import Any

from taskspace.metrics.aitw import is_tap
from taskspace.sources.episodes import geometry, uitree
from taskspace.sources.episodes.errors import EpisodeError
from taskspace.sources.episodes.formats.base import (
    Results,
    attempt,
    document_reader,
    episode_id,
    require,
    screen,
    target_at,
)
from taskspace.sources.episodes.mappings import AitwMapping, load_mapping
from taskspace.sources.episodes.model import Action, Episode, Observation, Step, UIElement
from taskspace.sources.episodes.sources import load_json

DATASET = "aitw"


def matches(document: Any) -> bool:
    return (
        isinstance(document, list)
        and bool(document)
        and isinstance(document[0], Mapping)
        and "result_action_type" in document[0]
    )


def from_document(document: Any, path: Path) -> Results:
    """One episode per ``episode_id`` in the list, steps in ``step_id`` order."""
    if not isinstance(document, list):
        yield EpisodeError(str(path), None, "an AITW file must be a list of step records")
        return
    episodes: dict[str, list[tuple[int, Any]]] = {}
    for index, record in enumerate(document):
        own = record.get("episode_id") if isinstance(record, Mapping) else None
        key = str(own) if own is not None else f"{path.stem}-{index}"
        episodes.setdefault(key, []).append((index, record))
    for own_id, records in episodes.items():
        yield attempt(path, f"episode {own_id}", partial(_episode, own_id, records, path))


def _episode(own_id: str, records: list[tuple[int, Any]], path: Path) -> Episode:
    mapping = load_mapping("aitw", AitwMapping)
    ordered = sorted(records, key=lambda item: int(require(item[1], "step_id")))
    steps = []
    for position, (index, record) in enumerate(ordered):
        try:
            steps.append(_step(position, record, path, mapping))
        except (ValueError, TypeError, KeyError) as exc:
            step_id = record.get("step_id", index) if isinstance(record, Mapping) else index
            raise EpisodeError(str(path), f"episode {own_id} step {step_id}", str(exc)) from exc
    return Episode(
        id=episode_id(DATASET, own_id),
        dataset=DATASET,
        platform="android",
        task=str(require(ordered[0][1], "instruction")),
        steps=steps,
        source_file=str(path.resolve()),
        record=f"episode {own_id}",
    )


def _step(position: int, record: Mapping[str, Any], path: Path, mapping: AitwMapping) -> Step:
    observation = _observation(record, path, mapping)
    return Step(
        index=position,
        observation=observation,
        action=_action(record, observation, mapping),
        thought=record.get("coat_action_think") or None,
    )


def _observation(record: Mapping[str, Any], path: Path, mapping: AitwMapping) -> Observation:
    image_name = record.get("image_path")
    name = Path(str(image_name)).name if image_name else f"{path.stem}_{record['step_id']}.png"
    observation = screen(path.parent / name, description=record.get("coat_screen_desc") or None)
    elements = _elements(record, observation.width, observation.height, mapping)
    annotations = _annotations(record, observation.width, observation.height)
    return observation.model_copy(update={"elements": elements, "annotations": annotations})


def _annotations(
    record: Mapping[str, Any], width: int | None, height: int | None
) -> list[tuple[float, float, float, float]] | None:
    """Every ``ui_positions`` box as normalised (top, left, height, width), unfiltered:
    AITW's matching counts each one. Pixel boxes need the screenshot's size."""
    positions = [[float(v) for v in box] for box in _listed(record.get("ui_positions"))]
    if all(0 <= v <= 1 for box in positions for v in box):
        return [(y, x, h, w) for y, x, h, w in positions]
    if not (width and height):
        return None
    return [(y / height, x / width, h / height, w / width) for y, x, h, w in positions]


def _elements(
    record: Mapping[str, Any], width: int | None, height: int | None, mapping: AitwMapping
) -> list[UIElement]:
    positions = _listed(record.get("ui_positions"))
    texts = _listed(record.get("ui_text"))
    types = _listed(record.get("ui_types"))
    if not (len(positions) == len(texts) == len(types)):
        raise ValueError(
            f"ui_positions, ui_text and ui_types differ in length "
            f"({len(positions)}, {len(texts)}, {len(types)})"
        )
    fractions = all(0 <= float(v) <= 1 for box in positions for v in box)
    if fractions and positions and (width is None or height is None):
        return []  # fractional boxes need the screenshot's size to become pixels
    sy, sx = (height or 1, width or 1) if fractions else (1, 1)
    elements = []
    for index, (box, text, kind) in enumerate(zip(positions, texts, types, strict=True)):
        y, x, h, w = (float(v) for v in box)
        icon = str(kind).startswith(mapping.icon_prefix)
        element = UIElement(
            uid=f"ocr/{index}",
            cls=str(kind),
            text="" if icon else str(text),
            content_desc=_icon_name(str(kind), mapping) if icon else "",
            bounds=geometry.yxhw_bounds(y * sy, x * sx, h * sy, w * sx),
        )
        if uitree.is_meaningful(element):
            elements.append(element)
    return elements


def _action(record: Mapping[str, Any], observation: Observation, mapping: AitwMapping) -> Action:
    code = int(require(record, "result_action_type"))
    raw = {key: value for key, value in record.items() if key.startswith("result_")}
    if record.get("coat_action_desc"):
        raw["coat_action_desc"] = record["coat_action_desc"]
    if code == mapping.dual_point:
        return _gesture(record, observation, mapping, raw)
    spec = mapping.codes.get(code)
    if spec is None:
        raise ValueError(f"unknown result_action_type {code}")
    text = record.get("result_action_text") if spec.kind == "type" else None
    return spec.action(text=text, raw=raw)


def _gesture(
    record: Mapping[str, Any], observation: Observation, mapping: AitwMapping, raw: Any
) -> Action:
    touch_y, touch_x = (float(v) for v in _listed(require(record, "result_touch_yx")))
    lift_y, lift_x = (float(v) for v in _listed(require(record, "result_lift_yx")))
    width, height = observation.width, observation.height

    def pixels(x: float, y: float) -> tuple[float, float] | None:
        return (x * width, y * height) if width and height else None

    start, end = pixels(touch_x, touch_y), pixels(lift_x, lift_y)
    if is_tap((touch_y, touch_x), (lift_y, lift_x)):
        tolerance = mapping.tap_tolerance * (width or 0)
        target = target_at(observation.elements, start, tolerance)
        return Action(kind="tap", point=start, target=target, raw=raw)
    direction = geometry.swipe_direction((touch_x, touch_y), (lift_x, lift_y))
    return Action(kind="swipe", point=start, end_point=end, direction=direction, raw=raw)


def _listed(value: Any) -> list[Any]:
    """AitZ stores list fields as JSON text; other exports as lists."""
    if value is None:
        return []
    if isinstance(value, str):
        value = json.loads(value)
    if not isinstance(value, list):
        raise ValueError(f"expected a list, got {value!r}")
    return value


def _icon_name(kind: str, mapping: AitwMapping) -> str:
    return kind.removeprefix(mapping.icon_prefix).replace("_", " ").lower()


read = document_reader(load_json, from_document)
