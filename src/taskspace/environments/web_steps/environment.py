"""The step environment: walks an episode and shows the agent one step at a time.

Like the browser environment for live web tasks, it (not the agent) holds the episode: the
agent gets a :class:`StepView` per step (task, the earlier steps' gold actions, the
candidates) and never the step's own gold action.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from taskspace.environments.web_steps.model import StepView
from taskspace.environments.web_steps.serial import (
    POOL_KEY,
    TASK_KEY,
    elements_from_json,
    task_from_json,
)
from taskspace.environments.web_steps.tasks import pages_of, view_at


def step_views(metadata: Mapping[str, Any]) -> Iterator[StepView]:
    """The views of a sample's episode, in step order."""
    task = task_from_json(str(metadata[TASK_KEY]))
    pool = elements_from_json(str(metadata.get(POOL_KEY) or "[]"))
    pages = pages_of(task, {task.website: pool})
    for position in range(len(task.steps)):
        yield view_at(task, position, pages[position])
