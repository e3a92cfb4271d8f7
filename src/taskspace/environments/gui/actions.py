"""The id-based action language the LLM GUI agents answer in, parsed into the common
action space against the elements shown (``[n]`` in ``GuiView.elements_text``)::

    TAP(n)  LONG_PRESS(n)  TAP_POINT(x, y)  INPUT(n, "text")  SWIPE(up|down|left|right)
    SYS(back|home|enter|recent)  OPEN_APP("name")  WAIT  DONE

An action on an element becomes a tap at its box's centre with the element as target, so
AITW matching can compare it with gold points; an unknown id or form is no action.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from taskspace.sources.episodes.model import Action, UIElement

GRAMMAR = (
    'TAP(n), LONG_PRESS(n), TAP_POINT(x, y), INPUT(n, "text"), '
    'SWIPE(up|down|left|right), SYS(back|home|enter|recent), OPEN_APP("name"), WAIT, DONE'
)
_ACTION = re.compile(r"ACTION\s*:\s*(?P<name>[A-Z_]+)\s*(?:\((?P<args>.*)\))?", re.I)
DIRECTIONS = ("up", "down", "left", "right")
KEYS = ("back", "home", "enter", "recent")


def _element(arg: str, elements: Sequence[UIElement]) -> UIElement | None:
    number = arg.strip().strip("[]")
    if not number.isdigit() or int(number) >= len(elements):
        return None
    return elements[int(number)]


def _center(element: UIElement) -> tuple[float, float] | None:
    b = element.bounds
    return ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2) if b else None


def _quoted(arg: str) -> str:
    return arg.strip().strip("\"'")


def parse_action(answer: str, elements: Sequence[UIElement]) -> Action | None:
    """The last ``ACTION: ...`` line of ``answer`` as an action, or None."""
    found = list(_ACTION.finditer(answer))
    if not found:
        return None
    name = found[-1]["name"].upper()
    args = found[-1]["args"] or ""
    if name in ("TAP", "LONG_PRESS"):
        element = _element(args, elements)
        if element is None:
            return None
        kind = "tap" if name == "TAP" else "long_press"
        return Action(kind=kind, target=element, point=_center(element))
    if name == "TAP_POINT":
        numbers = re.findall(r"-?\d+(?:\.\d+)?", args)
        if len(numbers) != 2:
            return None
        return Action(kind="tap", point=(float(numbers[0]), float(numbers[1])))
    if name == "INPUT":
        first, _, rest = args.partition(",")
        element = _element(first, elements)
        text = _quoted(rest) if element is not None else _quoted(args)
        return Action(kind="type", target=element, text=text)
    if name == "SWIPE":
        direction = args.strip().lower()
        return Action(kind="swipe", direction=direction) if direction in DIRECTIONS else None
    if name == "SYS":
        key = args.strip().lower()
        return Action(kind="key", key=key) if key in KEYS else None
    if name == "OPEN_APP":
        return Action(kind="open_app", text=_quoted(args))
    if name == "WAIT":
        return Action(kind="wait")
    if name == "DONE":
        return Action(kind="complete", outcome="done")
    return None
