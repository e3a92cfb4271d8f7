"""The scoring every task family shares: its task's own check, overlap and citations."""

from __future__ import annotations

from taskspace.tasks.attempt import Attempt, TaskScore
from taskspace.tasks.model import Task
from taskspace.tasks.scoring.attempts import score_attempt


class ScoredByCheck:
    """Mixin for a task family whose answers are judged by ``Task.check`` (all of them
    today); a family with its own notion of success overrides ``score``."""

    def score(self, task: Task, attempt: Attempt) -> TaskScore:
        return score_attempt(task, attempt)
