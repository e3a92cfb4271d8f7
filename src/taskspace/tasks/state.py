"""A task inside an inspect sample: where the task and the agent's attempt are kept.

Agents, environments and scorers all read the sample this way, so it sits with the task
contract rather than with any one of them.
"""

from __future__ import annotations

from inspect_ai.solver import TaskState

from taskspace.tasks.attempt import ATTEMPT_STORE_KEY, Attempt
from taskspace.tasks.model import Task

TASK_METADATA_KEY = "task_json"
EVIDENCE_COVER_KEY = "evidence_cover"
"""Metadata: cited node id -> grounding ids it stands for (``scoring.citations.Cover``)."""


def task_from_state(state: TaskState) -> Task:
    """The task (with its gold) that the sample was built from."""
    return Task.model_validate_json(state.metadata[TASK_METADATA_KEY])


def attempt_from_state(state: TaskState, task: Task) -> Attempt:
    """The agent's attempt: the stored one, else the final completion without citations."""
    stored = state.store.get(ATTEMPT_STORE_KEY)
    if stored is not None:
        return Attempt.model_validate(stored)
    return Attempt(task_id=task.id, answer=state.output.completion)
