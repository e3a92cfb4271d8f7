"""A browser environment for web agents: one Chromium page per sample, observed as a
Set-of-Marks screenshot plus a listing of the marked elements, acted on by mark id.

The environment (never the agent) reads the task's start page and success criteria,
checks the criteria on the final page and writes the :class:`WebTrajectory`.
"""

from taskspace.environments.browser.actions import ACTION_KINDS, Action
from taskspace.environments.browser.observation import Mark, Observation
from taskspace.environments.browser.session import (
    ORIGIN_MAP_KEY,
    BrowserSession,
    EnvTask,
    env_task,
    env_task_from_state,
)

__all__ = [
    "ACTION_KINDS",
    "ORIGIN_MAP_KEY",
    "Action",
    "BrowserSession",
    "EnvTask",
    "Mark",
    "Observation",
    "env_task",
    "env_task_from_state",
]
