"""Axis-aligned boxes as ``(x0, y0, x1, y1)``: what PDF layout (points, floats) and GUI
screens (pixels, ints) share, so that the two do not each keep their own box arithmetic."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

N = TypeVar("N", int, float)


def union(boxes: Iterable[tuple[N, N, N, N]]) -> tuple[N, N, N, N]:
    """The smallest box holding every one of ``boxes``; ValueError when there is none."""
    items = list(boxes)
    if not items:
        raise ValueError("the union of no boxes")
    return (
        min(b[0] for b in items),
        min(b[1] for b in items),
        max(b[2] for b in items),
        max(b[3] for b in items),
    )
