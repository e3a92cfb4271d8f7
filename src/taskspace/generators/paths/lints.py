"""The reader's checks of causal-path tasks, run on a batch of candidates at once.

``unlabelled_item``: a path may pass only through items with a label, since an item
known only by its QID can be neither described nor checked by a reader. ``property_id``:
a step told with a property id ("the P112 of …") where neither ``describe.yaml`` nor the
graph gives it words. ``not_unique``: every step, counted again over every candidate the
graph holds (``paths/step_counts``, one query for the whole batch), must reach exactly
its one target, surely and not just possibly, and must identify it in the world
(:mod:`taskspace.generators.paths.world`): a reverse step, and a forward step along a property with
many values in the world, carry a date of the target. Names are the shared ones of
``taskspace.tasks.lints``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from taskspace.generators.paths.cardinality import Reader
from taskspace.generators.paths.world import World
from taskspace.tasks.model import Task

UNLABELLED = "unlabelled_item"
PROPERTY_ID = "property_id"
NOT_UNIQUE = "not_unique"
_PROPERTY_ID = re.compile(r"\bP\d+\b")


def _steps(tasks: Sequence[Task]) -> list[dict[str, Any]]:
    return [
        {
            "key": f"{task.id}#{step.index}",
            "from": step.from_id,
            "rel": step.relation,
            "reverse": step.reverse,
            "constraints": [
                c.model_dump(include={"kind", "pid", "value"}) for c in step.constraints
            ],
        }
        for task in tasks
        for step in task.path
    ]


def unique_steps(read: Reader, tasks: Sequence[Task]) -> dict[str, bool]:
    """For each task step (``<task id>#<index>``), whether it reaches exactly its target
    with its recorded answer: one query for every step of every task."""
    if not tasks:
        return {}
    rows = read("step_counts", None, steps=_steps(tasks))
    expected = {
        f"{task.id}#{step.index}": (step.to_id, step.answer) for task in tasks for step in task.path
    }
    verdict = {}
    for row in rows:
        matching = row["matching"]
        one = row["possible"] == 1 and len(matching) == 1
        want = expected[row["key"]]
        verdict[row["key"]] = one and (matching[0]["id"], matching[0]["label"]) == want
    return verdict


def path_lints(read: Reader, world: World, tasks: Sequence[Task]) -> dict[str, str | None]:
    """Each task's failing lint (``unlabelled_item``, ``property_id``, then
    ``not_unique``), or None."""
    unique = unique_steps(read, tasks)
    result: dict[str, str | None] = {}
    for task in tasks:
        if any(not step.to_label for step in task.path):
            result[task.id] = UNLABELLED
        elif _PROPERTY_ID.search(task.prompt):
            result[task.id] = PROPERTY_ID
        elif not all(
            unique.get(f"{task.id}#{step.index}", False)
            and world.identifies(step.relation, step.reverse, step.constraints)
            for step in task.path
        ):
            result[task.id] = NOT_UNIQUE
        else:
            result[task.id] = None
    return result
