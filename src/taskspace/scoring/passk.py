"""pass@k over epochs: the chance that at least one of k attempts at a task succeeds.

The unbiased estimator of Chen et al. 2021 ("Evaluating Large Language Models Trained on
Code"): with n attempts of which c succeeded, pass@k = 1 - C(n-c, k) / C(n, k). The
inspect scorers use inspect's own ``pass_at`` reducer, which computes the same number;
this module serves results read back from the graph (one ATTEMPTED edge per epoch).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable


def pass_at_k(n: int, c: int, k: int) -> float:
    """Unbiased pass@k for ``c`` successes among ``n`` attempts (requires k <= n)."""
    if not 0 <= c <= n:
        raise ValueError(f"successes {c} must lie between 0 and the attempts {n}")
    if not 1 <= k <= n:
        raise ValueError(f"k={k} needs 1 <= k <= attempts ({n})")
    if n - c < k:
        return 1.0
    return 1.0 - math.comb(n - c, k) / math.comb(n, k)


def pass_at_k_by_task(outcomes: Iterable[tuple[str, bool]], k: int) -> dict[str, float]:
    """pass@k per task from (task id, success) pairs, one pair per epoch."""
    attempts: dict[str, list[bool]] = defaultdict(list)
    for task_id, success in outcomes:
        attempts[task_id].append(success)
    return {
        task_id: pass_at_k(len(results), sum(results), k) for task_id, results in attempts.items()
    }


def mean_pass_at_k(outcomes: Iterable[tuple[str, bool]], k: int) -> float:
    """pass@k of a run: the mean over tasks of each task's pass@k (0.0 for no tasks)."""
    per_task = pass_at_k_by_task(outcomes, k)
    return sum(per_task.values()) / len(per_task) if per_task else 0.0
