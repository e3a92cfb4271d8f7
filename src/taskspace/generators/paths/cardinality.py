"""One-to-many steps made unique: secondary attributes of the target, proven by a count.

A director has many films; "the film that person directed" has no single answer, but
"the one released on 2005-09-01" may. The attributes come from the target's visible
attributes and a few common ones (release date, genre, country ...); the smallest set
that excludes every other candidate is chosen. A candidate is excluded only by what the
graph says it is: one whose year is unknown might be from that year, so a constraint it
has no value for does not exclude it. A step must also identify its target among the
world's items, not only the slice's (:mod:`taskspace.generators.paths.world`): a reverse step and a
forward step along a property with many values in the world carry a date of the target.
A step nothing narrows is not taken, and why is counted (``NOT_UNIQUE``, ``OPEN_WORLD``,
``MANY_VALUED``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from taskspace.generators.paths.world import Rule, World, is_day
from taskspace.tasks.model import StepConstraint

Reader = Callable[..., list[Any]]
Feature = tuple[str, str, str, str | None]
"""(kind, property id, value, label of a linked item)."""

MAX_CANDIDATES = 500
"""A move with more targets than this is too broad to enumerate for uniqueness."""
NOT_UNIQUE = "not_unique"
OPEN_WORLD = "open_world"
MANY_VALUED = "many_valued"
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_KIND_ORDER = {"day": 0, "year": 1, "link": 2, "value": 3}


@dataclass(frozen=True)
class Candidate:
    """What the graph says of one target: its features, and the properties it has any
    value for (a constraint on another property cannot exclude it)."""

    features: frozenset[Feature]
    known: frozenset[str]

    def excluded_by(self, combo: Sequence[Feature]) -> bool:
        return any(f[1] in self.known and f not in self.features for f in combo)


def features(row: dict[str, Any]) -> set[Feature]:
    """What can be said about one candidate: years and days of dates, short literals,
    named links."""
    found: set[Feature] = set()
    for literal in row.get("literals") or []:
        for text in literal["values"]:
            if text is None:
                continue
            if _DATE.match(text):
                found.add(("year", literal["pid"], text[:4], None))
                if is_day(text[:10]):
                    found.add(("value", literal["pid"], text[:10], None))
            elif 0 < len(text) <= 40 and not text.startswith("point("):
                found.add(("value", literal["pid"], text, None))
    for link in row.get("links") or []:
        found.add(("link", link["pid"], link["id"], link["label"]))
    return found


def candidate(row: dict[str, Any]) -> Candidate:
    own = features(row)
    known = set(row.get("known") or []) | {f[1] for f in own}
    return Candidate(frozenset(own), frozenset(known))


def _order(feature: Feature) -> int:
    """Full dates first (they identify in the world too), then years, links, literals."""
    day = feature[0] == "value" and is_day(feature[2])
    return _KIND_ORDER["day" if day else feature[0]]


def _shown(feature: Feature) -> str:
    return (feature[3] if feature[0] == "link" else feature[2]) or ""


def separating(
    rows: Sequence[dict[str, Any]],
    target: str,
    blocked: Iterable[str] = (),
    max_size: int = 2,
    preferred: Sequence[str] = (),
    required: Rule | None = None,
) -> list[StepConstraint] | None:
    """The smallest set of the target's features that excludes every other candidate.

    ``blocked`` texts (labels of entities the instruction must not name) are never used;
    ``preferred`` property ids are tried first; with a ``required`` rule that names
    properties, the set holds a date of one of them at the rule's precision. None when
    nothing up to ``max_size`` works.
    """
    by_id = {row["id"]: candidate(row) for row in rows}
    if target not in by_id:
        return None
    hidden = {text.casefold() for text in blocked}
    rank = {pid: index for index, pid in enumerate(preferred)}
    own = sorted(
        (f for f in by_id[target].features if _shown(f).casefold() not in hidden),
        key=lambda f: (_order(f), rank.get(f[1], len(rank)), f[1], f[2]),
    )
    others = [found for key, found in sorted(by_id.items()) if key != target]
    for size in range(1, max_size + 1):
        for combo in combinations(own, size):
            if len({f[1] for f in combo}) < size:
                continue  # two values of one property read as a contradiction
            if (
                required
                and required.identified_by
                and not any(required.met_by(f[0], f[1], f[2]) for f in combo)
            ):
                continue
            if all(other.excluded_by(combo) for other in others):
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
    world: World,
    move: tuple[str, bool],
    source: str,
    target: str,
    fanout: int,
    attributes: Sequence[str],
    blocked: Iterable[str] = (),
) -> list[StepConstraint] | str:
    """Constraints under which the step along ``move`` (property id, reverse) reaches
    only ``target`` among every candidate the graph holds and, unless the property is
    functional, among the world's; else why not (``OPEN_WORLD``, ``MANY_VALUED``: a
    forward step along a many-valued property whose target has no date to narrow it,
    ``NOT_UNIQUE``). One query reads every candidate of the move; the sampler proves the
    chosen steps in one batch."""
    pid, reverse = move
    rule = world.rule(pid, reverse)
    if rule is not None and rule.open:
        return OPEN_WORLD
    dated = rule.identified_by if rule is not None else ()
    if fanout == 1 and not dated:
        return []
    if fanout > MAX_CANDIDATES:
        return NOT_UNIQUE
    rows = read(
        "candidates",
        {"rel": pid},
        **{"from": source},
        reverse=reverse,
        attributes=sorted({*attributes, *dated}),
        limit=MAX_CANDIDATES,
    )
    found = separating(rows, target, blocked, preferred=attributes, required=rule)
    if found is not None:
        return found
    if world.narrowed(pid, reverse) and _undated(rows, target, rule):
        return MANY_VALUED
    return NOT_UNIQUE


def _undated(rows: Sequence[dict[str, Any]], target: str, rule: Rule | None) -> bool:
    """Whether the target has no date the rule accepts (so nothing could narrow it)."""
    own = next((candidate(row) for row in rows if row["id"] == target), None)
    return rule is not None and (
        own is None or not any(rule.met_by(f[0], f[1], f[2]) for f in own.features)
    )
