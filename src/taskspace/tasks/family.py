"""What every task generator is: a :class:`TaskFamily` of one ``kind``.

A family samples tasks from the graph into one shared :class:`SampleReport`, re-derives a
task's gold answer from the graph (``kg sample verify``) and scores an agent's attempt.
Families live with their generators (``sampling``, ``paths``, ``multihop``, ``guitasks``);
the registry that maps a kind to its family sits above them (:mod:`taskspace.generators`),
so this package imports no generator.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from taskspace.graph.connection import Graph
from taskspace.tasks.attempt import Attempt, TaskScore
from taskspace.tasks.model import Task

DEFAULT_COUNT = 10
"""Tasks a ``kg sample`` verb makes when ``-n`` is not given: the same for every kind."""


@dataclass(frozen=True)
class SampleOptions:
    """What every sampler takes (``count``, ``seed``) and the options of one kind by name
    (``level`` of causal paths, ``hops`` of multihop chains, ``objective`` of documents …)."""

    count: int = DEFAULT_COUNT
    seed: int = 0
    extra: Mapping[str, Any] = field(default_factory=dict)

    def get(self, name: str, default: Any = None) -> Any:
        """A kind-specific option, or ``default`` when it was not given (or given as None)."""
        value = self.extra.get(name)
        return default if value is None else value


def coverage_report(tasks: Sequence[Task]) -> dict[str, dict[str, int]]:
    """For each coverage dimension, how many tasks carry each value."""
    report: dict[str, Counter[str]] = {}
    for task in tasks:
        for dimension, values in task.coverage.items():
            report.setdefault(dimension, Counter()).update(values)
    # A task that does not list its type as coverage still counts under it.
    report.setdefault("task_type", Counter()).update(
        task.type for task in tasks if "task_type" not in task.coverage
    )
    return {dim: dict(sorted(counter.items())) for dim, counter in sorted(report.items())}


@dataclass
class SampleReport:
    """What one sampling run made and why it dropped the rest, for every kind alike.

    ``dropped`` counts candidates by reason (``unverified``: the answer did not re-derive;
    ``spoiler``: the prompt names a hidden value; ``duplicates``; ``missing``: a value the
    template shows is empty; ``apps``: app count outside the level; ``ambiguous``: start
    and goal read the same; ``requirements``: the grounded subgraph does not meet the
    template's declaration, broken down in ``requirements`` by template and failed
    requirement; ``lint``: a reader's check failed, broken down in ``lints`` by lint).
    ``extras`` holds what only one kind has (a path's level, a
    chain's scope, the starts a walk could take …).
    """

    kind: str
    tasks: list[Task] = field(default_factory=list)
    candidates: int = 0
    dropped: dict[str, int] = field(default_factory=dict)
    per_template: dict[str, int] = field(default_factory=dict)
    requirements: dict[str, dict[str, int]] = field(default_factory=dict)
    lints: dict[str, int] = field(default_factory=dict)
    """Candidates dropped per lint (``taskspace.tasks.lints.LINTS`` names them)."""
    coverage: dict[str, dict[str, int]] = field(default_factory=dict)
    seconds: float = 0.0
    extras: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def start(cls, kind: str, reasons: Iterable[str], **extras: Any) -> SampleReport:
        """An empty report whose every drop reason is counted from zero."""
        return cls(kind=kind, dropped=dict.fromkeys(reasons, 0), extras=dict(extras))

    def drop(self, reason: str) -> None:
        self.dropped[reason] = self.dropped.get(reason, 0) + 1

    def lint(self, name: str) -> None:
        """Count a candidate dropped by the lint ``name`` (one of ``tasks.lints.LINTS``)."""
        self.drop("lint")
        self.lints[name] = self.lints.get(name, 0) + 1

    def drop_requirement(self, template: str, failed: str) -> None:
        """Count a candidate of ``template`` dropped for the requirement it failed."""
        self.drop("requirements")
        counts = self.requirements.setdefault(template, {})
        counts[failed] = counts.get(failed, 0) + 1

    def finish(self, tasks: Sequence[Task], seconds: float) -> SampleReport:
        """Record the kept tasks, with their templates and coverage, and the time taken."""
        self.tasks = list(tasks)
        self.per_template = dict(sorted(Counter(task.template for task in tasks).items()))
        self.coverage = coverage_report(self.tasks)
        self.seconds = seconds
        return self

    def as_dict(self) -> dict[str, Any]:
        """The report as ``--json`` prints it: drop reasons as ``dropped_<reason>``."""
        return {
            "kind": self.kind,
            "tasks": len(self.tasks),
            "candidates": self.candidates,
            **{f"dropped_{reason}": count for reason, count in self.dropped.items()},
            "per_template": self.per_template,
            **({"requirements": self.requirements} if self.requirements else {}),
            "lints": self.lints,
            "coverage": self.coverage,
            **self.extras,
            "seconds": round(self.seconds, 3),
        }


@runtime_checkable
class TaskFamily(Protocol):
    """One kind of task: how it is sampled, re-derived and scored."""

    kind: str

    def sample(self, graph: Graph, options: SampleOptions) -> SampleReport:
        """Up to ``options.count`` verified tasks, the same for the same seed and graph."""
        ...

    def rederive(self, graph: Graph, task: Task) -> bool:
        """True when the graph still gives this task's prompt and gold answer."""
        ...

    def score(self, task: Task, attempt: Attempt) -> TaskScore:
        """How well ``attempt`` answers ``task``, by the task's own check."""
        ...
