"""The scoring every task family shares: its task's own check, overlap and citations."""

from __future__ import annotations

from taskspace.scoring.attempts import score_attempt
from taskspace.tasks.attempt import Attempt, TaskScore
from taskspace.tasks.model import Task


class ScoredByCheck:
    """Mixin for a task family whose answers are judged by ``Task.check`` (all of them
    today); a family with its own notion of success overrides ``score``."""

    def score(self, task: Task, attempt: Attempt) -> TaskScore:
        return score_attempt(task, attempt)
