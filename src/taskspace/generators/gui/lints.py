"""What a reader rejects in a GUI route although the page graph agrees with it.

Each check returns why the route fails, or None. The sampler counts each failure under
its name in ``taskspace.tasks.lints.LINTS``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from taskspace.core.words import normalized
from taskspace.generators.gui.walks import Route

_QUOTED = re.compile(r'"([^"]*)"')
_TYPED = re.compile(r'^type "(.*?)"(?: into "[^"]*")?$')


def labels(actions: Iterable[str]) -> list[str]:
    """The quoted words of action summaries: the elements acted on and the text typed."""
    return [found for action in actions for found in _QUOTED.findall(action) if found.strip()]


def typed_texts(route: Route) -> list[str]:
    """The texts the route types, in order."""
    found = []
    for hop in route.hops:
        for kind, action in zip(hop.kinds, hop.actions, strict=False):
            match = _TYPED.match(action) if kind == "type" else None
            if match and match.group(1).strip():
                found.append(match.group(1))
    return found


def address_step(route: Route) -> str | None:
    """A step that goes to a web address: the agent would have to guess the address (query
    strings and all), and naming it in the prompt would name the goal."""
    for hop in route.hops:
        for kind, action in zip(hop.kinds, hop.actions, strict=False):
            if kind == "navigate":
                return f"the route goes to an address: {action!r}"
    return None


def untasked_text(route: Route) -> str | None:
    """Text typed on a hop that no task of the episodes taking that hop asks for: an
    explorer's "hello" is nothing an agent could know to type."""
    for hop in route.hops:
        tasks = [normalized(task) for task in hop.tasks]
        for kind, action in zip(hop.kinds, hop.actions, strict=False):
            match = _TYPED.match(action) if kind == "type" else None
            if not match:
                continue
            text = normalized(match.group(1))
            if not text or not any(text in task for task in tasks):
                return f"the route types {match.group(1)!r}, which no task of its episodes asks for"
    return None


DISMISS = frozenset({"cancel", "close", "no", "dismiss", "not now", "skip", "later", "navigate up"})
"""Controls that close what is open or go up, as back does: a route through one has two
answers."""


def backward_step(route: Route) -> str | None:
    """A step back: pressing back (where it leads depends on how the screen was reached,
    which the prompt cannot say) or dismissing with Cancel, Close … (back does the same,
    so the route is not the only answer)."""
    for action in route.actions:
        if action == "press back":
            return "the route presses back"
        names = labels([action])
        if action.startswith("tap ") and names and normalized(names[0]) in DISMISS:
            return f"the route dismisses with {action!r}"
    return None
