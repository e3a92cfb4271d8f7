"""Levels and scores of causal paths (NaturalGAIA's three levels).

Level 1: 1-2 steps in 1-2 apps; level 2: 3-4 steps across 3-5 apps; level 3: 5-7 steps
across up to 7 apps. The score grows linearly with both steps and apps and is 1.0 for
seven steps across seven apps, so tasks of one level can still be ranked.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Difficulty = Literal["easy", "medium", "hard"]
MAX_STEPS = 7
MAX_APPS = 7


@dataclass(frozen=True)
class Level:
    number: int
    steps: tuple[int, int]
    apps: tuple[int, int]
    difficulty: Difficulty

    def admits(self, steps: int, apps: int) -> bool:
        return self.steps[0] <= steps <= self.steps[1] and self.apps[0] <= apps <= self.apps[1]


LEVELS = {
    1: Level(1, (1, 2), (1, 2), "easy"),
    2: Level(2, (3, 4), (3, 5), "medium"),
    3: Level(3, (5, 7), (1, 7), "hard"),
}


def level_of(steps: int, apps: int) -> int | None:
    """The level a path of this many steps and distinct apps belongs to, if any."""
    return next((n for n, level in LEVELS.items() if level.admits(steps, apps)), None)


def score(steps: int, apps: int) -> float:
    """0.5 * steps/7 + 0.5 * apps/7: proportional to each, 1.0 at the top of level 3."""
    return round(0.5 * steps / MAX_STEPS + 0.5 * apps / MAX_APPS, 3)
