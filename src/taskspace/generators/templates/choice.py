"""Choosing a sample's tasks: the first ``count`` in MMR order that pass their checks and
repeat no task chosen before them, in as few rounds of checks as that takes.

Checking a task (its template's requirements and the re-derivation of its answer) is a
round of queries, and a task that repeats one chosen before it is dropped whatever its
checks say. So the duplicates are found first, on the assumption that every task checked
passes: the tasks that would be chosen are checked in one round, and those that repeat
one of them are never checked. When every check passes, as it almost always does, that
is the choice. When one fails, the tasks it kept out as its repeats may be free again:
the choice is settled up to it, and the rest is worked out again from there with what is
known. Either way the tasks chosen are those that checking every task in order, then
de-duplicating, would choose. A web sample, whose prompts share long frames, kept about 40
of the first 50 tasks it checked and needed a second round for the last 10; it now takes
one round of checks, and one read of content vectors before it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import islice

from taskspace.core.laps import Laps
from taskspace.generators.templates.duplicates import DuplicateFilter, Kept
from taskspace.generators.templates.selection import Vectors
from taskspace.tasks.model import Task

Check = Callable[[Sequence[Task]], set[str]]
"""Checks tasks in one round; the ids of those that pass (each failure counted by it)."""

LOOK_AHEAD = 1.5
"""The first read of the MMR order takes this many tasks per task asked for, so that the
tasks standing in for the repeats dropped are there, their content vectors read in the
same query (a later read takes twice what is still missing)."""


@dataclass
class Choice:
    """The tasks chosen, in order, and how many were dropped as repeats before the count
    was reached."""

    tasks: list[Task] = field(default_factory=list)
    repeats: int = 0


@dataclass
class _Order:
    """The MMR order read so far, prepared for de-duplication as it is read."""

    ordered: Iterator[Task]
    duplicates: DuplicateFilter
    wording: Mapping[str, Vectors]
    laps: Laps
    read: list[Task] = field(default_factory=list)
    done: bool = False

    def at(self, index: int, wanted: int) -> Task | None:
        """The task at ``index``, reading ``wanted`` more tasks when it is not read yet."""
        if index >= len(self.read) and not self.done:
            more = list(islice(self.ordered, max(wanted, 1)))
            self.done = len(more) < max(wanted, 1)
            self.read.extend(more)
            self.laps.lap("ordering")
            self.duplicates.prepare(more, self.wording)
            self.laps.lap("de-duplication")
        return self.read[index] if index < len(self.read) else None


def choose(
    ordered: Iterator[Task],
    count: int,
    duplicates: DuplicateFilter,
    check: Check,
    laps: Laps,
    wording: Mapping[str, Vectors] | None = None,
) -> Choice:
    """The first ``count`` tasks of ``ordered`` that pass ``check`` and repeat no task
    chosen before them. ``wording`` holds the tasks' wording vectors when the caller has
    computed them (MMR's)."""
    order = _Order(ordered, duplicates, wording or {}, laps)
    choice = Choice()
    chosen = duplicates.kept()
    passed: dict[str, bool] = {}
    settled = 0  # the tasks of the order before this one are chosen or dropped for good
    while len(choice.tasks) < count:
        trial, end = _tried(order, settled, count, chosen, passed, duplicates)
        laps.lap("de-duplication")
        unchecked = [task for task in trial if task.id not in passed]
        if unchecked:
            ok = check(unchecked)
            passed.update({task.id: task.id in ok for task in unchecked})
            laps.lap("verification")
        while settled < end and len(choice.tasks) < count:
            task = order.read[settled]
            if passed.get(task.id) is False:
                settled += 1
            elif duplicates.repeats(task, chosen):
                choice.repeats += 1
                settled += 1
            elif task.id not in passed:
                break  # a repeat of a task that failed its checks: try again from here
            else:
                chosen.add(task)
                choice.tasks.append(task)
                settled += 1
        laps.lap("de-duplication")
        if not trial:
            break  # the order ran out; its last repeats are counted above
    return choice


def _tried(
    order: _Order,
    start: int,
    count: int,
    chosen: Kept,
    passed: Mapping[str, bool],
    duplicates: DuplicateFilter,
) -> tuple[list[Task], int]:
    """The tasks from ``start`` on that would be chosen if every check passed (never
    those known to fail), up to the count, and the index after the last task looked at."""
    trial = chosen.copy()
    picked: list[Task] = []
    index = start
    while len(chosen.tasks) + len(picked) < count:
        missing = count - len(chosen.tasks) - len(picked)
        wanted = 2 * missing if order.read else math.ceil(LOOK_AHEAD * count)
        task = order.at(index, wanted)
        if task is None:
            break
        index += 1
        if passed.get(task.id) is False or duplicates.repeats(task, trial):
            continue
        trial.add(task)
        picked.append(task)
    return picked, index
