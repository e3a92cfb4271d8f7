"""A web task's score: success is decided by its final page when it ran in a browser.

The browser environment checked every success criterion of the task (URL reached, element
present, text present or absent) on the agent's final page; the task succeeds when all held.
"""

from __future__ import annotations

from taskspace.tasks.attempt import Attempt, TaskScore, WebTrajectory
from taskspace.tasks.model import Task
from taskspace.tasks.scoring.attempts import score_attempt
from taskspace.tasks.scoring.citations import Cover


def checked_in_browser(task: Task, attempt: Attempt) -> bool:
    """A web task run in the browser environment: its success is the page's, not the text's."""
    return task.kind == "web" and attempt.trajectory is not None


def checks_passed(task: Task, trajectory: WebTrajectory) -> float:
    """Share of the task's success criteria that held on the final page (1.0 with none)."""
    if not task.success:
        return 1.0
    keys = [f"{c.kind}: {c.value}" for c in task.success]
    return sum(trajectory.checks.get(key, False) for key in keys) / len(keys)


def score_web(task: Task, attempt: Attempt, cover: Cover | None = None) -> TaskScore:
    """The answer metrics as for any task, with success decided by the final page."""
    scored = score_attempt(task, attempt, cover)
    if not checked_in_browser(task, attempt) or attempt.trajectory is None:
        return scored
    passed = checks_passed(task, attempt.trajectory)
    success = bool(task.success) and passed == 1.0
    metrics = {**scored.metrics, "checks_passed": passed}
    return TaskScore(score=1.0 if success else 0.0, success=success, metrics=metrics)
