"""What a replay found: per task passed or not, and where and why it first failed."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any


@dataclass
class TaskOutcome:
    """One task's replay; ``failed_at`` is ``start``, ``step N``, ``step N check K`` (a
    step's own criterion) or ``criterion N`` (on the final page)."""

    task_id: str
    type: str
    template: str
    passed: bool
    failed_at: str | None = None
    reason: str | None = None
    steps_done: int = 0
    seconds: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "task_id": self.task_id,
            "type": self.type,
            "template": self.template,
            "passed": self.passed,
            "failed_at": self.failed_at,
            "reason": self.reason,
            "steps_done": self.steps_done,
            "seconds": round(self.seconds, 3),
        }


@dataclass
class ReplayReport:
    outcomes: list[TaskOutcome] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def total(self) -> int:
        return len(self.outcomes)

    @property
    def passed(self) -> int:
        return sum(1 for outcome in self.outcomes if outcome.passed)

    @property
    def pass_rate(self) -> float:
        """Share of tasks that passed; 0.0 for an empty replay (nothing was shown to work)."""
        return self.passed / self.total if self.total else 0.0

    def failures(self) -> list[TaskOutcome]:
        return [outcome for outcome in self.outcomes if not outcome.passed]

    def by_type(self) -> dict[str, dict[str, int]]:
        """For each task type: how many tasks were replayed and how many passed."""
        tasks = Counter(outcome.type for outcome in self.outcomes)
        passed = Counter(outcome.type for outcome in self.outcomes if outcome.passed)
        return {kind: {"tasks": tasks[kind], "passed": passed[kind]} for kind in sorted(tasks)}

    def as_dict(self) -> dict[str, Any]:
        return {
            "tasks": self.total,
            "passed": self.passed,
            "failed": self.total - self.passed,
            "pass_rate": round(self.pass_rate, 4),
            "by_type": self.by_type(),
            "failures": [outcome.as_dict() for outcome in self.failures()],
            "outcomes": [outcome.as_dict() for outcome in self.outcomes],
            "seconds": round(self.seconds, 2),
        }
