"""AITW's action matching: does a predicted action match the gold one on its screen?

Reference: ``google-research/google-research``, ``android_in_the_wild/action_matching.py``
at ``1d49f2c0`` (``check_actions_match``) with ``action_type.py`` at ``4c429948``.

Inputs are AITW's: points are normalised ``(y, x)`` in [0, 1] (``[-1, -1]`` for actions
that are not gestures), boxes ``[top, left, height, width]`` normalised, action types
AITW's numbers (:class:`ActionType`). Semantics:

- either action not DUAL_POINT: they match when their types are equal (typed text is
  never compared; STATUS_TASK_COMPLETE and STATUS_TASK_IMPOSSIBLE differ);
- a DUAL_POINT gesture is a tap when touch and lift are at most 0.04 apart, else a
  scroll; a tap never matches a scroll;
- two taps match when at most 0.14 apart, or when both lie (edges included) in one
  enlarged annotation box: 1.4 × its height and width are added, centred, then top and
  left are clamped at 0 and height and width capped at 1 (so an edge box is moved, not
  cut). Every box counts, however large;
- two scrolls match when their main axes agree (the larger of |Δy|, |Δx|, ties to y);
  the direction is not compared.

The reference computes in float32 (JAX's default, Python constants weakly typed), and so
does this module: three threshold cases of the conformance set flip in float64.

Variant ``strict`` (:func:`actions_match_strict`): typed text must also agree (case and
spacing aside) and scrolls must go the same way; it is chosen by name (``aitw-strict``)
and reported under that name only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum

import numpy as np

Point = tuple[float, float]
"""(y, x), normalised."""
Box = tuple[float, float, float, float]
"""(top, left, height, width), normalised."""

TAP_DISTANCE = np.float32(0.14)
SWIPE_DISTANCE = np.float32(0.04)
BOX_HEIGHT_AUGMENT = np.float32(1.4)
BOX_WIDTH_AUGMENT = np.float32(1.4)
NOT_A_POINT: Point = (-1.0, -1.0)


class ActionType(IntEnum):
    """AITW's action types (``action_type.py``); 0-2, 8 and 9 are unused there."""

    TYPE = 3
    DUAL_POINT = 4
    PRESS_BACK = 5
    PRESS_HOME = 6
    PRESS_ENTER = 7
    STATUS_TASK_COMPLETE = 10
    STATUS_TASK_IMPOSSIBLE = 11


@dataclass(frozen=True)
class AitwAction:
    """An action as AITW records it; ``typed_text`` is read only by the strict variant."""

    action_type: int
    touch_yx: Point = NOT_A_POINT
    lift_yx: Point = NOT_A_POINT
    typed_text: str = ""


def _vector(point: Point) -> np.ndarray:
    return np.asarray(point, dtype=np.float32)


def _distance(a: np.ndarray, b: np.ndarray) -> np.float32:
    difference = a - b
    return np.float32(np.sqrt(np.sum(difference * difference, dtype=np.float32)))


def is_tap(touch: Point, lift: Point) -> bool:
    """A gesture whose touch and lift are at most 0.04 apart is a tap."""
    return bool(_distance(_vector(touch), _vector(lift)) <= SWIPE_DISTANCE)


def enlarged_boxes(boxes: Sequence[Box]) -> np.ndarray:
    """The reference's ``_resize_annotation_bounding_boxes``, in float32."""
    array = np.asarray(boxes, dtype=np.float32).reshape(-1, 4)
    height_change = BOX_HEIGHT_AUGMENT * array[:, 2]
    width_change = BOX_WIDTH_AUGMENT * array[:, 3]
    zero, one = np.float32(0), np.float32(1)
    return np.stack(
        [
            np.maximum(zero, array[:, 0] - height_change / np.float32(2)),
            np.maximum(zero, array[:, 1] - width_change / np.float32(2)),
            np.minimum(one, array[:, 2] + height_change),
            np.minimum(one, array[:, 3] + width_change),
        ],
        axis=1,
    )


def _in_boxes(point: np.ndarray, boxes: np.ndarray) -> np.ndarray:
    top, left, height, width = boxes[:, 0], boxes[:, 1], boxes[:, 2], boxes[:, 3]
    y, x = point[0], point[1]
    inside: np.ndarray = (y >= top) & (y <= top + height) & (x >= left) & (x <= left + width)
    return inside


def taps_match(first: Point, second: Point, boxes: Sequence[Box]) -> bool:
    """Two taps: at most 0.14 apart, or both in one enlarged box."""
    a, b = _vector(first), _vector(second)
    if _distance(a, b) <= TAP_DISTANCE:
        return True
    if not boxes:
        return False
    wide = enlarged_boxes(boxes)
    return bool(np.any(_in_boxes(a, wide) & _in_boxes(b, wide)))


def main_axis(touch: Point, lift: Point) -> int:
    """0 (y) or 1 (x): the axis of the larger movement, ties going to y."""
    return int(np.argmax(np.abs(_vector(lift) - _vector(touch))))


def actions_match(predicted: AitwAction, gold: AitwAction, boxes: Sequence[Box]) -> bool:
    """The reference's ``check_actions_match`` (``boxes``: the gold screen's annotations)."""
    dual = ActionType.DUAL_POINT
    if predicted.action_type != dual or gold.action_type != dual:
        return predicted.action_type == gold.action_type
    predicted_tap = is_tap(predicted.touch_yx, predicted.lift_yx)
    gold_tap = is_tap(gold.touch_yx, gold.lift_yx)
    if predicted_tap != gold_tap:
        return False
    if predicted_tap:
        return taps_match(predicted.touch_yx, gold.touch_yx, boxes)
    return main_axis(predicted.touch_yx, predicted.lift_yx) == main_axis(
        gold.touch_yx, gold.lift_yx
    )


def _same_text(a: str, b: str) -> bool:
    return " ".join(a.lower().split()) == " ".join(b.lower().split())


def _direction(touch: Point, lift: Point) -> tuple[int, bool]:
    axis = main_axis(touch, lift)
    return axis, bool(lift[axis] > touch[axis])


def actions_match_strict(predicted: AitwAction, gold: AitwAction, boxes: Sequence[Box]) -> bool:
    """The ``strict`` variant: the reference, and the text an action carries equal (case
    and spacing aside), and a scroll in the same direction along the same axis."""
    if not actions_match(predicted, gold, boxes):
        return False
    if gold.action_type != ActionType.DUAL_POINT:
        return _same_text(predicted.typed_text, gold.typed_text)
    if gold.action_type == ActionType.DUAL_POINT and not is_tap(gold.touch_yx, gold.lift_yx):
        return _direction(predicted.touch_yx, predicted.lift_yx) == _direction(
            gold.touch_yx, gold.lift_yx
        )
    return True


def episode_success(matches: Sequence[bool]) -> bool:
    """AITW's episode success: every step matched (an empty episode does not succeed)."""
    return bool(matches) and all(matches)
