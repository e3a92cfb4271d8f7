"""One-to-many steps made unique: secondary attributes of the target, proven by a count.

A director has many films; "the film that person directed" has no single answer, but
"the one released in 2005 in the genre “slow drama”" may. The attributes come from the
target's visible attributes and a few common ones (release year, genre, country ...);
the smallest set that excludes every other target is chosen, and the step query
(``paths/step``) must then return exactly that one item. A step no attribute set makes
unique is dropped.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from itertools import combinations
from typing import Any

from taskspace.tasks.model import StepConstraint

Reader = Callable[..., list[Any]]
Feature = tuple[str, str, str, str | None]
"""(kind, property id, value, label of a linked item)."""

MAX_CANDIDATES = 500
"""A move with more targets than this is too broad to enumerate for uniqueness."""
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_KIND_ORDER = {"year": 0, "link": 1, "value": 2}


def features(row: dict[str, Any]) -> set[Feature]:
    """What can be said about one candidate: years of dates, short literals, named links."""
    found: set[Feature] = set()
    for literal in row.get("literals") or []:
        for text in literal["values"]:
            if text is None:
                continue
            if _DATE.match(text):
                found.add(("year", literal["pid"], text[:4], None))
            elif 0 < len(text) <= 40 and not text.startswith("point("):
                found.add(("value", literal["pid"], text, None))
    for link in row.get("links") or []:
        found.add(("link", link["pid"], link["id"], link["label"]))
    return found


def _shown(feature: Feature) -> str:
    return (feature[3] if feature[0] == "link" else feature[2]) or ""


def separating(
    rows: Sequence[dict[str, Any]],
    target: str,
    blocked: Iterable[str] = (),
    max_size: int = 2,
    preferred: Sequence[str] = (),
) -> list[StepConstraint] | None:
    """The smallest set of the target's features no other candidate has all of.

    ``blocked`` texts (labels of entities the instruction must not name) are never used;
    ``preferred`` property ids are tried first. None when nothing up to ``max_size`` works.
    """
    by_id = {row["id"]: features(row) for row in rows}
    if target not in by_id:
        return None
    hidden = {text.casefold() for text in blocked}
    rank = {pid: index for index, pid in enumerate(preferred)}
    own = sorted(
        (f for f in by_id[target] if _shown(f).casefold() not in hidden),
        key=lambda f: (_KIND_ORDER[f[0]], rank.get(f[1], len(rank)), f[1], f[2]),
    )
    others = [found for key, found in sorted(by_id.items()) if key != target]
    for size in range(1, max_size + 1):
        for combo in combinations(own, size):
            if len({f[1] for f in combo}) < size:
                continue  # two values of one property read as a contradiction
            if not any(set(combo) <= other for other in others):
                return [
                    StepConstraint.model_validate(
                        {"kind": f[0], "pid": f[1], "value": f[2], "label": f[3]}
                    )
                    for f in combo
                ]
    return None


def step_targets(
    read: Reader, source: str, pid: str, reverse: bool, constraints: Sequence[StepConstraint]
) -> list[dict[str, Any]]:
    """The items one step reaches under its constraints (``paths/step``)."""
    return read(
        "step",
        {"rel": pid},
        **{"from": source},
        reverse=reverse,
        constraints=[c.model_dump(include={"kind", "pid", "value"}) for c in constraints],
    )


def make_unique(
    read: Reader,
    source: str,
    pid: str,
    reverse: bool,
    target: str,
    fanout: int,
    attributes: Sequence[str],
    blocked: Iterable[str] = (),
) -> list[StepConstraint] | None:
    """Constraints under which the step reaches only ``target``, proven by the step query
    returning exactly that item; None when the step cannot be made unique."""
    constraints: list[StepConstraint] | None = []
    if fanout > 1:
        if fanout > MAX_CANDIDATES:
            return None
        rows = read(
            "candidates",
            {"rel": pid},
            **{"from": source},
            reverse=reverse,
            attributes=list(attributes),
            limit=MAX_CANDIDATES,
        )
        constraints = separating(rows, target, blocked, preferred=attributes)
    if constraints is None:
        return None
    found = step_targets(read, source, pid, reverse, constraints)
    return constraints if [row["id"] for row in found] == [target] else None
