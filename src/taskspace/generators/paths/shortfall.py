"""Why a ``kg sample paths`` run made fewer tasks than asked, in one sentence of counts.

A run that makes 1 task of 3 and says nothing about the other 2 hides whether the slice
is too small, too unlabelled or too open for the level; this names every count: walks
tried and completed, tasks dropped per reason and lint, and hops refused per reason.
"""

from __future__ import annotations

from taskspace.tasks.family import SampleReport
from taskspace.tasks.lints import LINTS

REFUSALS = {
    "unlabelled_item": "target without a label",
    "open_world": "reverse move no slice holds in full (films of a genre, people born in a city)",
    "not_unique": "no attribute narrows the target to one",
    "many_valued": "forward step along a property with many values in the world whose "
    "target has no date to narrow it (the continent a country is on)",
}
"""Why a walk did not take a hop (``Walker.refused``)."""

_DROPS = {
    "apps": "outside the level's app count",
    "spoiler": "prompt named a hidden item",
    "duplicates": "duplicate",
    "unverified": "not re-derived",
}


def _counts(pairs: dict[str, int], names: dict[str, str]) -> str:
    shown = [f"{count} {names.get(key, key)}" for key, count in pairs.items() if count]
    return ", ".join(shown) if shown else "none"


def explain(report: SampleReport, asked: int) -> str:
    """ "3 of 10 level-2 tasks: 600 walks from 629 start items, 12 completed; dropped: …;
    hops refused: …"."""
    extras = report.extras
    drops = {k: v for k, v in report.dropped.items() if k != "lint"}
    lints = {name: count for name, count in report.lints.items()}
    return (
        f"{len(report.tasks)} of {asked} level-{extras['level']} tasks "
        f"({extras['wanted']}): {extras['attempts']} walks from {extras['starts']} start "
        f"items, {extras['walks']} long enough; dropped: {_counts(drops, _DROPS)}; "
        f"lints dropped: {_counts(lints, LINTS)}; "
        f"hops refused: {_counts(extras.get('refused', {}), REFUSALS)}."
    )
