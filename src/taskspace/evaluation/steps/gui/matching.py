"""GUI actions of our common action space as AITW sees them, for ``taskspace.metrics.aitw``.

AITW's rule compares action types, taps by distance and annotation boxes, and scrolls by
their main axis, all in normalised (y, x). This module only translates:

- an AITW step's gold is taken from the record itself (``result_action_type``, touch and
  lift as recorded), so the rule sees exactly what AITW's evaluation sees;
- any other action: a tap, long press or swipe is a DUAL_POINT gesture on the screen
  normalised by its size (a tap on an element without a point: the element's centre; a
  swipe known only by its direction: a drag of a fifth of the screen from its centre);
  ``type``, back, home, enter and ``complete`` are AITW's own types; an action AITW has
  no type for (open app, select, navigate, wait, other keys) gets a code of its own, so
  it matches only its own kind, as AITW treats every non-gesture type;
- the boxes are the screen's annotations when the input ships them (AITW's
  ``ui_positions``, every one), else the labelled elements of its UI tree: those with
  text or a content description, what AITW's OCR and icon detection annotate.

Rules (``RULES``): ``aitw`` is the reference (GUI Odyssey episodes too: its 0-1000 grid
normalises to the same fractions); ``aitw-strict`` the variant that also compares typed
text and scroll direction. Steps on a screen of unknown size (DroidBot) cannot be placed: they
are matched by the element acted on and its text or key, under the rule name
``element-id``, never under AITW's.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from taskspace.metrics.aitw import (
    NOT_A_POINT,
    ActionType,
    AitwAction,
    Box,
    Point,
    actions_match,
    actions_match_strict,
    is_tap,
)
from taskspace.sources.episodes.model import Action, Observation, UIElement

Matcher = Callable[[AitwAction, AitwAction, Sequence[Box]], bool]
RULES: Mapping[str, Matcher] = {"aitw": actions_match, "aitw-strict": actions_match_strict}
REFERENCE = "aitw"
ELEMENT_ID = "element-id"

KEY_TYPES = {
    "back": int(ActionType.PRESS_BACK),
    "home": int(ActionType.PRESS_HOME),
    "enter": int(ActionType.PRESS_ENTER),
}
OTHER_TYPES = {
    "open_app": 101,
    "select": 102,
    "hover": 103,
    "navigate": 104,
    "wait": 105,
    "key:recent": 106,
    "key:search": 107,
    "key:delete": 108,
}
"""Codes outside AITW's for kinds it lacks: equal kinds match, as AITW's types do."""
SWIPE_LENGTH = 0.2
_DRAGS: Mapping[str, Point] = {
    "up": (-SWIPE_LENGTH, 0.0),
    "down": (SWIPE_LENGTH, 0.0),
    "left": (0.0, -SWIPE_LENGTH),
    "right": (0.0, SWIPE_LENGTH),
}
_GESTURES = ("tap", "long_press", "swipe")


def recorded(action: Action) -> AitwAction | None:
    """An AITW step's action exactly as its record gives it, or None for other inputs."""
    raw: Any = action.raw
    if not isinstance(raw, Mapping) or "result_action_type" not in raw:
        return None
    touch = _pair(raw.get("result_touch_yx"))
    lift = _pair(raw.get("result_lift_yx"))
    text = raw.get("result_action_text")
    return AitwAction(int(raw["result_action_type"]), touch, lift, str(text or ""))


def _pair(value: Any) -> Point:
    if isinstance(value, str):
        value = json.loads(value)
    if isinstance(value, Sequence) and len(value) == 2:
        return (float(value[0]), float(value[1]))
    return NOT_A_POINT


def _centre(element: UIElement | None) -> tuple[float, float] | None:
    if element is None or element.bounds is None:
        return None
    x1, y1, x2, y2 = element.bounds
    return ((x1 + x2) / 2, (y1 + y2) / 2)


def _normalised(point: tuple[float, float], size: tuple[int, int]) -> Point:
    """A pixel (x, y) as AITW's normalised (y, x)."""
    return (point[1] / size[1], point[0] / size[0])


def placed(action: Action, size: tuple[int, int] | None) -> bool:
    """Whether ``action`` can be put on the screen: not a gesture, or one with a place."""
    if action.kind not in _GESTURES:
        return True
    if action.kind == "swipe" and action.direction and not action.point:
        return True
    return size is not None and (action.point or _centre(action.target)) is not None


def as_aitw(action: Action, size: tuple[int, int] | None) -> AitwAction:
    """``action`` in AITW's form (call :func:`placed` first for gestures)."""
    found = recorded(action)
    if found is not None:
        return found
    if action.kind in _GESTURES:
        return _gesture(action, size)
    if action.kind == "type":
        return AitwAction(int(ActionType.TYPE), typed_text=action.text or "")
    if action.kind == "complete":
        done = action.outcome != "impossible"
        code = ActionType.STATUS_TASK_COMPLETE if done else ActionType.STATUS_TASK_IMPOSSIBLE
        return AitwAction(int(code))
    if action.kind == "key" and action.key in KEY_TYPES:
        return AitwAction(KEY_TYPES[action.key])
    name = f"key:{action.key}" if action.kind == "key" else action.kind
    return AitwAction(OTHER_TYPES[name], typed_text=action.text or "")


def _gesture(action: Action, size: tuple[int, int] | None) -> AitwAction:
    dual = int(ActionType.DUAL_POINT)
    point = action.point or _centre(action.target)
    if action.kind == "swipe" and action.direction and (point is None or not action.end_point):
        dy, dx = _DRAGS[action.direction]
        start = _normalised(point, size) if point is not None and size else (0.5, 0.5)
        return AitwAction(dual, start, (start[0] + dy, start[1] + dx))
    if point is None or size is None:
        raise ValueError(f"{action.summary()}: a gesture needs a point and the screen size")
    touch = _normalised(point, size)
    if action.kind == "swipe" and action.end_point:
        return AitwAction(dual, touch, _normalised(action.end_point, size))
    return AitwAction(dual, touch, touch)


def annotation_boxes(observation: Observation) -> list[Box]:
    """The boxes taps are compared with (see the module docstring)."""
    if observation.annotations is not None:
        return list(observation.annotations)
    width, height = observation.width, observation.height
    if not (width and height):
        return []
    return [
        (y1 / height, x1 / width, (y2 - y1) / height, (x2 - x1) / width)
        for element in observation.elements
        if element.bounds is not None and _labelled(element)
        for x1, y1, x2, y2 in [element.bounds]
    ]


def _labelled(element: UIElement) -> bool:
    return bool(element.text.strip() or element.content_desc.strip())


def screen_size(observation: Observation) -> tuple[int, int] | None:
    if observation.width and observation.height:
        return (observation.width, observation.height)
    return None


def rule_name(gold: Action, observation: Observation, rule: str = REFERENCE) -> str:
    """The rule a step is judged by: ``rule``, or ``element-id`` when the screen's size is
    unknown and the gold is not an AITW record (nothing can be placed on the screen)."""
    if recorded(gold) is not None or screen_size(observation) is not None:
        return rule
    return ELEMENT_ID


def step_matches(
    predicted: Action, gold: Action, observation: Observation, rule: str = REFERENCE
) -> bool:
    """Whether ``predicted`` matches ``gold`` on the screen ``observation`` showed."""
    if rule_name(gold, observation, rule) == ELEMENT_ID:
        return element_id_match(predicted, gold)
    size = screen_size(observation)
    if not (placed(predicted, size) and (recorded(gold) or placed(gold, size))):
        return False
    return RULES[rule](as_aitw(predicted, size), as_aitw(gold, size), annotation_boxes(observation))


def _words(text: str | None) -> str:
    return " ".join((text or "").lower().split())


def element_id_match(predicted: Action, gold: Action) -> bool:
    """Without geometry: the same kind on the same element, with the same text or key."""
    if predicted.kind != gold.kind or predicted.key != gold.key:
        return False
    if gold.target is not None and (
        predicted.target is None or predicted.target.uid != gold.target.uid
    ):
        return False
    return _words(predicted.text) == _words(gold.text)


def same_type(predicted: Action, gold: Action, observation: Observation) -> bool:
    """Whether the two are the same kind of action once gestures are told apart as taps
    or scrolls by AITW's rule (the step's ``type_match``)."""
    size = screen_size(observation)
    if rule_name(gold, observation) == ELEMENT_ID or not placed(predicted, size):
        return predicted.kind == gold.kind
    first, second = as_aitw(predicted, size), as_aitw(gold, size)
    if first.action_type != second.action_type:
        return False
    if first.action_type != ActionType.DUAL_POINT:
        return True
    return is_tap(first.touch_yx, first.lift_yx) == is_tap(second.touch_yx, second.lift_yx)
