"""Carrying a remembered action from the screen it was taken on to the screen shown now:
the same element (by signature, then by label) when the screen has it, else the same
point in relative screen coordinates."""

from __future__ import annotations

from collections.abc import Sequence

from taskspace.sources.episodes.model import Action, Observation, UIElement


def find_element(wanted: UIElement, elements: Sequence[UIElement]) -> UIElement | None:
    label = wanted.label()
    for element in elements:
        if element.signature() == wanted.signature() and element.label() == label:
            return element
    if not label.strip():
        return None
    return next((element for element in elements if element.label() == label), None)


def _scale(
    point: tuple[float, float] | None, source: Observation, target: Observation
) -> tuple[float, float] | None:
    if point is None:
        return None
    if source.width and source.height and target.width and target.height:
        return (point[0] * target.width / source.width, point[1] * target.height / source.height)
    return point


def transfer(action: Action, source: Observation, target: Observation) -> Action:
    """``action``, taken on ``source``, as the same action on ``target``."""
    moved = action.model_copy(update={"raw": None})
    if action.target is not None:
        found = find_element(action.target, target.elements)
        if found is not None:
            bounds = found.bounds
            center = ((bounds[0] + bounds[2]) / 2, (bounds[1] + bounds[3]) / 2) if bounds else None
            return moved.model_copy(update={"target": found, "point": center, "end_point": None})
    return moved.model_copy(
        update={
            "point": _scale(action.point, source, target),
            "end_point": _scale(action.end_point, source, target),
        }
    )
