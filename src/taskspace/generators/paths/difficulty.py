"""Levels and scores of causal paths (NaturalGAIA's three levels), read from a spec file.

The levels live in ``loaders/paths/levels.yaml`` rather than in code because users of the
benchmark tune them (a slice of Wikidata with few apps, a harder level 3). A level bounds
three counts the paper uses: the nodes a path reaches, its distinct apps, and its atomic
tasks. A walk takes one atomic task per node, so a level's step counts are the overlap of
its node and atomic-task ranges. The score grows linearly with steps and apps and is 1.0
for seven steps across seven apps, so tasks of one level can still be ranked.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

from taskspace.core.resources import resource_dir
from taskspace.core.specfiles import read_spec
from taskspace.generators.errors import SamplingError

Difficulty = Literal["easy", "medium", "hard"]
MAX_STEPS = 7
MAX_APPS = 7


def _ordered(bounds: tuple[int, int]) -> tuple[int, int]:
    if bounds[0] > bounds[1]:
        raise ValueError(f"low bound {bounds[0]} is above high bound {bounds[1]}")
    return bounds


Bounds = Annotated[
    tuple[Annotated[int, Field(ge=1)], Annotated[int, Field(ge=1)]], AfterValidator(_ordered)
]
"""Inclusive [low, high], both at least 1."""


class Level(BaseModel):
    """One level: how many nodes, apps and atomic tasks its paths have."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    difficulty: Difficulty
    nodes: Bounds
    apps: Bounds
    atomic_tasks: Bounds

    @model_validator(mode="after")
    def _some_path_fits(self) -> Level:
        low, high = self.steps
        if low > high:
            raise ValueError(
                f"no path fits: nodes {list(self.nodes)} and atomic_tasks "
                f"{list(self.atomic_tasks)} do not overlap"
            )
        return self

    @property
    def steps(self) -> tuple[int, int]:
        """The step counts a walk of this level may take (one node, one atomic task each)."""
        return max(self.nodes[0], self.atomic_tasks[0]), min(self.nodes[1], self.atomic_tasks[1])

    def admits(self, steps: int, apps: int) -> bool:
        low, high = self.steps
        return low <= steps <= high and self.apps[0] <= apps <= self.apps[1]

    def describe(self) -> str:
        """ "6-7 steps in 3-7 apps": what the level asks, for help texts and messages."""
        return f"{_span(self.steps)} steps in {_span(self.apps)} apps"


class Levels(BaseModel):
    """Every level by number, from a levels spec file."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    levels: dict[Annotated[int, Field(ge=1)], Level] = Field(min_length=1)

    def get(self, number: int) -> Level:
        try:
            return self.levels[number]
        except KeyError:
            known = ", ".join(str(n) for n in sorted(self.levels))
            raise SamplingError(f"No level {number}: the levels are {known}.") from None

    def level_of(self, steps: int, apps: int) -> int | None:
        """The first level a path of this many steps and distinct apps belongs to, if any."""
        return next(
            (n for n, level in sorted(self.levels.items()) if level.admits(steps, apps)), None
        )

    def describe(self) -> str:
        return "; ".join(f"{n}: {level.describe()}" for n, level in sorted(self.levels.items()))


DEFAULT_LEVELS_FILE = Path("paths") / "levels.yaml"


def read_levels(path: Path | None = None) -> Levels:
    """The levels in ``path``, or the shipped ones; a bad file raises ``SamplingError``
    naming the file and the field."""
    if path is None:
        return default_levels()
    return read_spec(path, Levels, "levels spec", SamplingError)


@cache
def default_levels() -> Levels:
    return read_spec(
        resource_dir("loaders") / DEFAULT_LEVELS_FILE, Levels, "levels spec", SamplingError
    )


def score(steps: int, apps: int) -> float:
    """0.5 * steps/7 + 0.5 * apps/7: proportional to each, 1.0 at the top of level 3."""
    return round(0.5 * steps / MAX_STEPS + 0.5 * apps / MAX_APPS, 3)


def _span(bounds: tuple[int, int]) -> str:
    return str(bounds[0]) if bounds[0] == bounds[1] else f"{bounds[0]}-{bounds[1]}"
