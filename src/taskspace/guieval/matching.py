"""AITW's action-matching rule as pure functions, on normalised screen coordinates.

Action kinds must be equal. A two-point gesture whose start and end are at most 0.04 apart
(in normalised screen distance) is a tap, otherwise a scroll matched by its main
direction. Two taps match if both fall in one UI element box of the gold screen enlarged
1.4x about its centre, or if they are at most 0.14 apart. Typed text must match (case and
spacing aside). GUI Odyssey states the same rule on its 0-1000 grid (``ODYSSEY``): the
thresholds scale with the grid, so a point in pixels of a ``w`` x ``h`` screen is compared
as ``x / w * 1000``. Steps without coordinates (DroidBot) match taps by element id.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from taskspace.episodes.model import Action, Bounds, UIElement

Point = tuple[float, float]
Box = tuple[float, float, float, float]
"""x1, y1, x2, y2 on the rule's grid."""


@dataclass(frozen=True)
class Rule:
    """A matching rule's grid and thresholds (thresholds are fractions of the grid)."""

    name: str
    grid: float = 1.0
    tap_distance: float = 0.14
    tap_swipe: float = 0.04
    box_scale: float = 1.4


AITW = Rule("aitw")
ODYSSEY = Rule("odyssey", grid=1000.0)
RULES = {"aitw": AITW, "odyssey": ODYSSEY}


def rule_for(dataset: str) -> Rule:
    """GUI Odyssey episodes use its 0-1000 grid; every other dataset AITW's fractions."""
    return ODYSSEY if dataset == "gui_odyssey" else AITW


@dataclass(frozen=True)
class Gesture:
    """An action on the rule's grid: what matching compares."""

    kind: str
    point: Point | None = None
    end: Point | None = None
    direction: str | None = None
    text: str | None = None
    key: str | None = None
    element: str | None = None


def on_grid(point: Point, size: tuple[int, int], rule: Rule) -> Point:
    width, height = size
    return (point[0] / width * rule.grid, point[1] / height * rule.grid)


def box_on_grid(bounds: Bounds, size: tuple[int, int], rule: Rule) -> Box:
    x1, y1 = on_grid((bounds[0], bounds[1]), size, rule)
    x2, y2 = on_grid((bounds[2], bounds[3]), size, rule)
    return (x1, y1, x2, y2)


def distance(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def main_direction(start: Point, end: Point) -> str:
    """The way the finger moves along its larger axis (screen y grows downwards)."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    if abs(dx) > abs(dy):
        return "right" if dx > 0 else "left"
    return "down" if dy > 0 else "up"


def _center(bounds: Bounds) -> Point:
    return ((bounds[0] + bounds[2]) / 2, (bounds[1] + bounds[3]) / 2)


def gesture(action: Action, size: tuple[int, int] | None, rule: Rule) -> Gesture:
    """``action`` on the grid; a two-point action becomes a tap or a swipe by its length."""
    point = action.point
    if point is None and action.target is not None and action.target.bounds is not None:
        point = _center(action.target.bounds)
    start = on_grid(point, size, rule) if point is not None and size else None
    end = on_grid(action.end_point, size, rule) if action.end_point and size else None
    kind: str = action.kind
    direction: str | None = action.direction
    if start is not None and end is not None:
        if distance(start, end) <= rule.tap_swipe * rule.grid:
            kind, end, direction = "tap", None, None
        else:
            kind, direction = "swipe", main_direction(start, end)
    element = action.target.uid if action.target is not None else None
    return Gesture(kind, start, end, direction, action.text, action.key, element)


def enlarge(box: Box, scale: float) -> Box:
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    half_w, half_h = (box[2] - box[0]) * scale / 2, (box[3] - box[1]) * scale / 2
    return (cx - half_w, cy - half_h, cx + half_w, cy + half_h)


def inside(point: Point, box: Box) -> bool:
    return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]


def taps_match(a: Point, b: Point, boxes: Sequence[Box], rule: Rule) -> bool:
    if distance(a, b) <= rule.tap_distance * rule.grid:
        return True
    for box in boxes:
        wide = enlarge(box, rule.box_scale)
        if inside(a, wide) and inside(b, wide):
            return True
    return False


def same_text(a: str | None, b: str | None) -> bool:
    return " ".join((a or "").lower().split()) == " ".join((b or "").lower().split())


def gestures_match(predicted: Gesture, gold: Gesture, boxes: Sequence[Box], rule: Rule) -> bool:
    """The rule itself: ``boxes`` are the gold screen's element boxes on the grid."""
    if predicted.kind != gold.kind:
        return False
    if gold.kind in ("tap", "long_press"):
        if predicted.point is not None and gold.point is not None:
            return taps_match(predicted.point, gold.point, boxes, rule)
        return predicted.element is not None and predicted.element == gold.element
    if gold.kind == "swipe":
        return predicted.direction == gold.direction
    if gold.kind in ("type", "open_app", "select", "navigate"):
        return same_text(predicted.text, gold.text)
    if gold.kind == "key":
        return predicted.key == gold.key
    return True


MAX_BOX_SHARE = 0.25
"""A box covering more of the screen than this is a container, not an element."""


def counts_as_element(element: UIElement, size: tuple[int, int]) -> bool:
    """AITW's boxes are detected elements (text and icons). In a full UI tree the
    equivalents are labelled or clickable views; the root, lists and other containers
    are left out, or any two taps on a screen would fall in one box."""
    if element.bounds is None:
        return False
    x1, y1, x2, y2 = element.bounds
    if (x2 - x1) * (y2 - y1) > MAX_BOX_SHARE * size[0] * size[1]:
        return False
    labelled = bool(element.text.strip() or element.content_desc.strip())
    return labelled or element.clickable or element.editable


def element_boxes(
    elements: Sequence[UIElement], size: tuple[int, int] | None, rule: Rule
) -> list[Box]:
    if not size:
        return []
    return [
        box_on_grid(e.bounds, size, rule)
        for e in elements
        if e.bounds is not None and counts_as_element(e, size)
    ]


def actions_match(
    predicted: Action,
    gold: Action,
    elements: Sequence[UIElement],
    size: tuple[int, int] | None,
    rule: Rule = AITW,
) -> bool:
    """Whether ``predicted`` matches ``gold`` on a screen of ``size`` showing ``elements``."""
    boxes = element_boxes(elements, size, rule)
    return gestures_match(gesture(predicted, size, rule), gesture(gold, size, rule), boxes, rule)


def episode_success(matches: Sequence[bool]) -> bool:
    """An episode succeeds when every one of its steps matches."""
    return bool(matches) and all(matches)
