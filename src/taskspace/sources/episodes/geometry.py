"""Screen geometry shared by every format: bounds in their many spellings, points, swipes.

Inputs spell a box as ``"[x1,y1][x2,y2]"`` (uiautomator), ``[[x1,y1],[x2,y2]]`` (view
hierarchy JSON) or ``(y, x, h, w)`` (AITW OCR); they all end up as one
:data:`~taskspace.sources.episodes.model.Bounds` (x1, y1, x2, y2 in pixels) here, so that the
point-to-element resolver and the viewport filter have one form to work on.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Any

from taskspace.sources.episodes.model import Bounds, Direction

Point = tuple[float, float]

_BOUNDS_TEXT = re.compile(r"^\s*\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]\s*$")


def parse_bounds(value: Any) -> Bounds:
    """``"[x1,y1][x2,y2]"``, ``[[x1,y1],[x2,y2]]`` or ``[x1,y1,x2,y2]`` as a Bounds tuple.

    Raises ValueError naming the value when it is none of these.
    """
    if isinstance(value, str):
        match = _BOUNDS_TEXT.match(value)
        if match:
            x1, y1, x2, y2 = (int(part) for part in match.groups())
            return (x1, y1, x2, y2)
    elif isinstance(value, Sequence) and len(value) == 2:
        first, second = value
        if _is_pair(first) and _is_pair(second):
            return (int(first[0]), int(first[1]), int(second[0]), int(second[1]))
    elif isinstance(value, Sequence) and len(value) == 4 and all(_is_number(v) for v in value):
        x1, y1, x2, y2 = (int(v) for v in value)
        return (x1, y1, x2, y2)
    raise ValueError(f"not a bounds value: {value!r}")


def yxhw_bounds(y: float, x: float, height: float, width: float) -> Bounds:
    """AITW's ``(y, x, h, w)`` box as x1, y1, x2, y2."""
    return (round(x), round(y), round(x + width), round(y + height))


def is_empty(bounds: Bounds) -> bool:
    return bounds[2] <= bounds[0] or bounds[3] <= bounds[1]


def area(bounds: Bounds) -> int:
    return max(0, bounds[2] - bounds[0]) * max(0, bounds[3] - bounds[1])


def contains(bounds: Bounds, point: Point) -> bool:
    """Edges count as inside, as uiautomator and AITW's own matchers treat them."""
    return bounds[0] <= point[0] <= bounds[2] and bounds[1] <= point[1] <= bounds[3]


def intersects_screen(bounds: Bounds, width: int | None, height: int | None) -> bool:
    """Non-empty and overlapping the screen; a missing screen size only checks emptiness."""
    if is_empty(bounds):
        return False
    if width is not None and (bounds[2] <= 0 or bounds[0] >= width):
        return False
    return not (height is not None and (bounds[3] <= 0 or bounds[1] >= height))


def distance(bounds: Bounds, point: Point) -> float:
    """How far the point lies outside the box (0 inside)."""
    dx = max(bounds[0] - point[0], 0.0, point[0] - bounds[2])
    dy = max(bounds[1] - point[1], 0.0, point[1] - bounds[3])
    return math.hypot(dx, dy)


def scale(point: Point, sx: float, sy: float) -> Point:
    return (point[0] * sx, point[1] * sy)


def swipe_direction(start: Point, end: Point) -> Direction:
    """The way the finger moved, along the dominant axis (screen y grows downwards)."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    if abs(dx) > abs(dy):
        return "right" if dx > 0 else "left"
    return "down" if dy > 0 else "up"


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _is_pair(value: Any) -> bool:
    return isinstance(value, Sequence) and len(value) == 2 and all(_is_number(v) for v in value)
