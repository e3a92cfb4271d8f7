"""How many candidates a sample reads per template, sized to the tasks it is asked for.

A template's grounding query reads a window of anchors (``$scan``) and returns up to
``$limit`` rows, of which the sampler keeps ``per_template``; MMR then chooses among
all templates' candidates. Reading a fixed 800 anchors per template to return ten tasks
spent most of a sample's time on candidates nobody would see, so by default the pool is
sized to ``count``: about :data:`CANDIDATES_PER_TASK` candidates per task asked for,
spread over the templates, never fewer than :data:`MIN_PER_TEMPLATE` per template (MMR
keeps something to choose among) nor more than :data:`PER_TEMPLATE`. A sample that comes
out short is taken again on a wider pool (:meth:`Pool.widening`)."""

from __future__ import annotations

import math
from dataclasses import dataclass

PER_TEMPLATE = 50
"""The most candidates kept per template when the pool is sized to the count; the full
pool reads the anchors and rows this many need."""

MIN_PER_TEMPLATE = 12
"""The fewest candidates kept per template, however few tasks are asked for."""

CANDIDATES_PER_TASK = 4
"""Candidates in the pool per task asked for: requirement checks, lints, re-derivation
and de-duplication drop some, and MMR needs room to choose."""

ROWS_PER_TASK = 2
"""A narrower pool whose queries return fewer rows than this per task asked for is passed
over before its rows are checked: on a small graph a narrow window cannot make the count,
and checking its rows would be work thrown away."""

ROWS_PER_KEPT = 4
"""Rows a grounding query returns per candidate kept (sample_rows draws among them)."""

ANCHORS_PER_ROW = 4
"""Anchors a grounding query reads per row it may return: templates whose anchors mostly
qualify fill their rows; sparse ones (cross references) find fewer."""


@dataclass(frozen=True)
class Pool:
    """One sample's sizes: candidates kept per template, rows and anchors read."""

    per_template: int
    limit: int
    scan: int

    @classmethod
    def keeping(cls, per_template: int) -> Pool:
        limit = per_template * ROWS_PER_KEPT
        return cls(per_template, limit, limit * ANCHORS_PER_ROW)

    @classmethod
    def for_count(cls, count: int, templates: int) -> Pool:
        wanted = math.ceil(CANDIDATES_PER_TASK * max(count, 1) / max(templates, 1))
        return cls.keeping(min(PER_TEMPLATE, max(MIN_PER_TEMPLATE, wanted)))

    def widening(self) -> list[tuple[Pool, int]]:
        """The pools and candidates kept per template a sample sized to the count tries in
        turn while it comes out short: this pool; every row it read (no query is run again);
        then every row of the full pool, when this one is smaller."""
        steps = [(self, self.per_template), (self, self.limit)]
        full = Pool.keeping(PER_TEMPLATE)
        if full.scan > self.scan:
            steps.append((full, full.limit))
        return steps
