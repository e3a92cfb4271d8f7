"""What a step may count on beyond the slice: which steps the world answers with one item.

The graph holds a slice of Wikidata, and a reader judges a step against the world. A
forward step along a property with one value per subject in the world (place of birth)
is taken bare. Any other forward step ("the school Ben-Gurion was educated at") may have
more values in the world than in the slice, so it is narrowed by a date of its target
("…, the one founded in 1816"). A reverse step ("the film that person directed") reads
what points at an item, which no slice holds in full: it is taken only where declared, and
with a date that identifies one item in the world. ``metapaths/paths/world.yaml`` says
which properties are functional, how steps are narrowed, and which moves are open.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field

from taskspace.core.resources import resource_dir
from taskspace.tasks.model import StepConstraint

_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")


class Rule(BaseModel):
    """What a step along one move must carry: a date of one of ``identified_by`` at
    ``precision`` (or nothing), unless the move is ``open`` and never a step."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    identified_by: tuple[str, ...] = ()
    precision: Literal["day", "year"] = "day"
    open: bool = False

    def met_by(self, kind: str, pid: str, value: str) -> bool:
        """Whether one constraint (or feature) is a date this rule accepts."""
        if pid not in self.identified_by:
            return False
        if kind == "value" and is_day(value):
            return True
        return self.precision == "year" and kind == "year"


class World(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    functional: dict[str, str] = Field(default_factory=dict)
    narrowing: Rule = Rule()
    forward: dict[str, Rule] = Field(default_factory=dict)
    reverse: dict[str, Rule] = Field(default_factory=dict)

    def rule(self, pid: str, reverse: bool) -> Rule | None:
        """The rule of a move; None when a step along it needs no constraint (a forward
        step along a functional property). An undeclared reverse move is open."""
        if reverse:
            return self.reverse.get(pid, Rule(open=True))
        if pid in self.forward:
            return self.forward[pid]
        return None if pid in self.functional else self.narrowing

    def open(self, pid: str, reverse: bool) -> bool:
        """True for a move no slice can answer: never a step."""
        rule = self.rule(pid, reverse)
        return rule is not None and rule.open

    def narrowed(self, pid: str, reverse: bool) -> bool:
        """True for a forward move the default narrowing applies to (not functional, not
        declared): its refusals are counted as ``many_valued``."""
        return not reverse and pid not in self.forward and pid not in self.functional

    def identifies(self, pid: str, reverse: bool, constraints: Sequence[StepConstraint]) -> bool:
        """Whether ``constraints`` pick one item out of the world's, not only the slice's."""
        rule = self.rule(pid, reverse)
        if rule is None:
            return True
        if rule.open:
            return False
        return not rule.identified_by or any(
            rule.met_by(c.kind, c.pid, c.value) for c in constraints
        )


def is_day(text: str) -> bool:
    """A date to the day: 1 January is read as a year given alone (Wikidata stores a
    year-precision date as its first day), so it identifies nothing."""
    return bool(_DAY.match(text)) and not text.endswith("-01-01")


@cache
def world() -> World:
    path = resource_dir("metapaths") / "paths" / "world.yaml"
    return World.model_validate(yaml.safe_load(path.read_text(encoding="utf-8")))
