"""Web meta-path tiers: business tasks first, then interaction, then basic.

GRAPH2EVAL ranks its web patterns in three tiers (business data, general interaction,
basic fallback) and takes a lower tier only when the higher ones give nothing more. Here
the MMR order of the whole pool is kept within a tier, and the tiers are taken in rank:
a task of a lower tier is yielded only once every task of the higher tiers has been
offered (and so verified, de-duplicated or dropped by the caller). Templates without a
tier (documents) pass through in MMR order, lazily, as before.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence

from taskspace.tasks.model import Task

TIERS = ("business", "interaction", "basic")
"""Tiers in the order they are filled (the ``tier`` a web template declares)."""


def tiered(ordered: Iterable[Task], tier_of: Mapping[str, str | None]) -> Iterator[Task]:
    """``ordered`` (an MMR order) regrouped by tier rank, stable within a tier.

    ``tier_of`` maps a template name to its tier. Tasks of the first tier are yielded as
    they come, so a caller that needs only a few reads no further; the rest wait until the
    higher tiers are exhausted. Without any tier the order is unchanged.
    """
    if not any(tier_of.values()):
        yield from ordered
        return
    held: dict[int, list[Task]] = {}
    for task in ordered:
        rank = _rank(tier_of.get(task.template))
        if rank == 0:
            yield task
        else:
            held.setdefault(rank, []).append(task)
    for rank in sorted(held):
        yield from held[rank]


def _rank(tier: str | None) -> int:
    """0 for business …; a template without a tier goes after the three tiers."""
    return TIERS.index(tier) if tier in TIERS else len(TIERS)


def tier_counts(tasks: Sequence[Task], tier_of: Mapping[str, str | None]) -> dict[str, int]:
    """Tasks per tier, in tier order (empty when no template has a tier)."""
    if not any(tier_of.values()):
        return {}
    counts = Counter(tier_of.get(task.template) or "none" for task in tasks)
    return {tier: counts[tier] for tier in (*TIERS, "none") if counts[tier]}
