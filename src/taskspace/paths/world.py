"""What a step may count on beyond the slice: a reverse move is open unless declared.

The graph holds a slice of Wikidata. A forward step reads its item's own claims, which a
slice holds in full, so counting in the graph is counting in the world. A reverse step
("the film that person directed") reads what points at an item, and a slice never holds
all of that: "the drama film released in 1998" is unique in a slice of 800 films and
matches hundreds in the world. ``metapaths/paths/world.yaml`` lists the reverse moves a
walk may take and the constraint that identifies one item in the world for each.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

import yaml
from pydantic import BaseModel, ConfigDict, Field

from taskspace.resources import resource_dir
from taskspace.tasks.model import StepConstraint

_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")


class ReverseMove(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    identified_by: list[str] = Field(default_factory=list)
    at_most_one: bool = False
    open: bool = False


class World(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    reverse: dict[str, ReverseMove] = Field(default_factory=dict)
    forward: dict[str, ReverseMove] = Field(default_factory=dict)

    def open(self, pid: str, reverse: bool) -> bool:
        """True for a move no slice can answer (a reverse move not declared, a forward
        list declared open): never a step."""
        if reverse:
            return pid not in self.reverse or self.reverse[pid].open
        return pid in self.forward and self.forward[pid].open

    def needs(self, pid: str, reverse: bool) -> tuple[str, ...]:
        """Property ids one of which a step's constraints must give as a full date."""
        declared = (self.reverse if reverse else self.forward).get(pid)
        if declared is None or declared.at_most_one:
            return ()
        return tuple(declared.identified_by)

    def identifies(self, pid: str, reverse: bool, constraints: Sequence[StepConstraint]) -> bool:
        """Whether ``constraints`` pick one item out of the world's, not only the slice's."""
        if self.open(pid, reverse):
            return False
        wanted = self.needs(pid, reverse)
        return not wanted or any(
            c.kind == "value" and c.pid in wanted and is_day(c.value) for c in constraints
        )


def is_day(text: str) -> bool:
    """A date to the day: 1 January is read as a year given alone (Wikidata stores a
    year-precision date as its first day), so it identifies nothing."""
    return bool(_DAY.match(text)) and not text.endswith("-01-01")


@cache
def world() -> World:
    path = resource_dir("metapaths") / "paths" / "world.yaml"
    return World.model_validate(yaml.safe_load(path.read_text(encoding="utf-8")))
