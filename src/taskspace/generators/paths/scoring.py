"""Causal-path attempts judged step by step, and NaturalGAIA's metrics over them
(``taskspace.metrics.naturalgaia`` computes WPSR, MATCR and p-ATSR).

A path task's ``path[]`` is a sequence of atomic steps, each with its gold ``answer`` (the
item's label, or its QID when it has none). The agent gives one answer per step, in order
(``Attempt.steps``; without them the final ``answer`` stands for the last step only).

- **atomic success** S(j, i): step i's answer equals the gold, normalised as SQuAD does
  (case, punctuation, articles), or names the step's item by its QID;
- **task success** S_task: the final answer is the task's answer (every path ends on a
  labelled item); SR is its mean, at Pass@1 and Pass@k over epochs;
- **MATCR** = mean over tasks of k_j / n_j, k_j the consecutive successful steps from the
  start, n_j the steps of the path (the paper's eq. 2);
- **p-ATSR** = sum_j sum_i p(i) S(j, i) / sum_j sum_i p(i), pooled over tasks, with the
  positional weight p(i) = i unless another increasing function is given (eq. 3);
- **WPSR** = sum_j w_j S_task(j), w_j = D_j / sum D, D_j = nodes x apps of the path (eq. 1),
  nodes counted as the levels count them: the items the path reaches, one per step;
- **error attribution**: the first failed step, its app and relation (where the chain
  broke), and whether the agent gave no answer there (``missing``) or a wrong one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from taskspace.core.words import normalized
from taskspace.metrics import naturalgaia
from taskspace.metrics.naturalgaia import Weight, linear
from taskspace.metrics.passk import mean_pass_at_k
from taskspace.tasks.attempt import Attempt, TaskScore
from taskspace.tasks.model import PathStep, Task
from taskspace.tasks.scoring.attempts import score_attempt


@dataclass(frozen=True)
class StepFailure:
    """Where a path attempt broke first: step index (1-based), app, relation, and why."""

    index: int
    app: str
    relation: str
    reason: str  # "missing" (no answer for the step) or "wrong"


@dataclass(frozen=True)
class PathResult:
    """One attempt at one path task, judged step by step."""

    task_id: str
    level: int
    steps: tuple[bool, ...]
    success: bool
    weight: float
    """D_j: nodes x apps of the path (WPSR's task weight before normalising)."""
    failure: StepFailure | None = None

    @property
    def leading(self) -> int:
        """k_j: consecutive successful steps from the start."""
        return naturalgaia.leading_successes(self.steps)

    @property
    def ratio(self) -> float:
        """k_j / n_j (0.0 for a path without steps)."""
        return naturalgaia.completion_ratio(self.steps)


def step_passes(step: PathStep, answer: str | None) -> bool:
    """Atomic success: the answer is the step's gold (normalised) or the item's QID."""
    if not answer or not answer.strip():
        return False
    given = normalized(answer)
    golds = {step.answer, step.to_label or step.answer}
    return any(given == normalized(gold) for gold in golds) or answer.strip() == step.to_id


def step_answers(task: Task, attempt: Attempt) -> list[str | None]:
    """The agent's answer for each step of ``task``: ``Attempt.steps`` in order (padded
    with None), or only the final answer, for the last step, when it gave no steps."""
    n = len(task.path)
    if attempt.steps:
        given: list[str | None] = [*attempt.steps[:n]]
        return given + [None] * (n - len(given))
    return [None] * (n - 1) + [attempt.answer] if n else []


def task_weight(task: Task) -> float:
    """D_j = nodes x apps: the items the path reaches (one per step, as the levels count
    nodes) times its distinct apps."""
    apps = len(set(task.apps) or {step.app for step in task.path})
    return float(len(task.path) * max(apps, 1))


def judge_path(task: Task, attempt: Attempt) -> PathResult:
    """``attempt`` judged against ``task.path`` step by step, with the first failure."""
    answers = step_answers(task, attempt)
    passed = tuple(step_passes(step, a) for step, a in zip(task.path, answers, strict=True))
    failure = None
    for step, answer, ok in zip(task.path, answers, passed, strict=True):
        if not ok:
            relation = ("^" if step.reverse else "") + step.relation
            reason = "missing" if not (answer and answer.strip()) else "wrong"
            failure = StepFailure(step.index, step.app, relation, reason)
            break
    final = normalized(attempt.answer) == normalized(task.answer)
    return PathResult(
        task_id=task.id,
        level=task.level or 0,
        steps=passed,
        success=bool(task.path) and final,
        weight=task_weight(task),
        failure=failure,
    )


def path_metrics(result: PathResult, weight: Weight = linear) -> dict[str, float]:
    """One attempt as ATTEMPTED metrics; the pooled ones (p-ATSR, WPSR) keep their
    numerator and denominator so runs can be summed (``first_failed_step`` 0: none)."""
    earned, total = naturalgaia.positional_terms(result.steps, weight)
    return {
        "steps_total": float(len(result.steps)),
        "steps_passed": float(sum(result.steps)),
        "steps_leading": float(result.leading),
        "matcr": result.ratio,
        "patsr_weighted": earned,
        "patsr_weight": total,
        "path_weight": result.weight,
        "first_failed_step": float(result.failure.index if result.failure else 0),
    }


def matcr(results: Sequence[PathResult]) -> float:
    """Mean over attempts of k_j / n_j."""
    return naturalgaia.matcr([r.ratio for r in results])


def patsr(results: Sequence[PathResult], weight: Weight = linear) -> float:
    """Positional-weighted atomic success, pooled over every step of every attempt."""
    return naturalgaia.patsr([naturalgaia.positional_terms(r.steps, weight) for r in results])


def wpsr(results: Sequence[PathResult]) -> float:
    """Difficulty-weighted success: sum of normalised task weights of the successes."""
    return naturalgaia.wpsr([(r.weight, r.success) for r in results])


def success_rate(results: Sequence[PathResult], k: int = 1) -> float | None:
    """SR at Pass@k: the mean over tasks of pass@k of its attempts (epochs); Pass@1 is
    the plain success rate. None (not reported) when a task has fewer than k attempts."""
    return mean_pass_at_k([(r.task_id, r.success) for r in results], k)


@dataclass(frozen=True)
class PathSummary:
    """The four headline numbers (and SR at Pass@k) of a set of attempts."""

    attempts: int
    sr: float
    sr_at_k: float | None
    """None when a task has fewer than k attempts: pass@k is not reported then."""
    k: int
    wpsr: float
    matcr: float
    patsr: float

    def as_dict(self) -> dict[str, float | int | None]:
        return {
            "attempts": self.attempts,
            "sr": round(self.sr, 4),
            f"sr_pass@{self.k}": None if self.sr_at_k is None else round(self.sr_at_k, 4),
            "wpsr": round(self.wpsr, 4),
            "matcr": round(self.matcr, 4),
            "patsr": round(self.patsr, 4),
        }


@dataclass(frozen=True)
class ScoredAttempt:
    """One attempt as stored on ATTEMPTED: task, level, success and its step metrics."""

    task_id: str
    level: int
    success: bool
    metrics: Mapping[str, float]


def scored(result: PathResult, weight: Weight = linear) -> ScoredAttempt:
    return ScoredAttempt(result.task_id, result.level, result.success, path_metrics(result, weight))


def summarise_scored(attempts: Sequence[ScoredAttempt], k: int = 1) -> PathSummary:
    """The headline numbers from stored attempts (what the report reads back): p-ATSR and
    WPSR pooled from their numerators and denominators, MATCR the mean ratio."""

    def value(attempt: ScoredAttempt, key: str) -> float:
        return attempt.metrics.get(key, 0.0)

    outcomes = [(a.task_id, a.success) for a in attempts]
    return PathSummary(
        attempts=len(attempts),
        sr=mean_pass_at_k(outcomes, 1) or 0.0,
        sr_at_k=mean_pass_at_k(outcomes, k),
        k=k,
        wpsr=naturalgaia.wpsr([(value(a, "path_weight"), a.success) for a in attempts]),
        matcr=naturalgaia.matcr([value(a, "matcr") for a in attempts]),
        patsr=naturalgaia.patsr(
            [(value(a, "patsr_weighted"), value(a, "patsr_weight")) for a in attempts]
        ),
    )


def summarise(results: Sequence[PathResult], k: int = 1, weight: Weight = linear) -> PathSummary:
    return summarise_scored([scored(r, weight) for r in results], k)


def by_level(
    results: Sequence[PathResult], k: int = 1, weight: Weight = linear
) -> dict[str, PathSummary]:
    """Summaries per level ("L1" …) and over all attempts ("all")."""
    return by_level_scored([scored(r, weight) for r in results], k)


def by_level_scored(attempts: Sequence[ScoredAttempt], k: int = 1) -> dict[str, PathSummary]:
    levels = sorted({a.level for a in attempts})
    found = {f"L{n}": summarise_scored([a for a in attempts if a.level == n], k) for n in levels}
    return {**found, "all": summarise_scored(attempts, k)}


def failures(results: Sequence[PathResult]) -> dict[tuple[int, str, str], int]:
    """Error attribution: failed attempts counted by (first failed step, app, relation)."""
    counted: dict[tuple[int, str, str], int] = {}
    for result in results:
        if result.failure is not None:
            f = result.failure
            key = (f.index, f.app, f.relation)
            counted[key] = counted.get(key, 0) + 1
    return dict(sorted(counted.items()))


def score_path(task: Task, attempt: Attempt, weight: Weight = linear) -> TaskScore:
    """A path attempt: success by the final answer, the overlap metrics of that answer,
    and the step metrics (:func:`path_metrics`)."""
    base = score_attempt(task, attempt)
    result = judge_path(task, attempt)
    metrics = {**base.metrics, **path_metrics(result, weight)}
    return TaskScore(score=1.0 if result.success else 0.0, success=result.success, metrics=metrics)
