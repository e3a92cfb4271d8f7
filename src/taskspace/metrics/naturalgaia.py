"""NaturalGAIA's metrics for causal-path tasks: WPSR, MATCR and p-ATSR.

Reference: the NaturalGAIA paper (``shared/papers/naturalgaia.txt``), equations 1-3; it
ships no evaluation code, so the equations are the reference.

Semantics, over the attempts j of a run, each a sequence of atomic steps i = 1 … n_j with
success S(j, i) and a task success S_task(j):

- **WPSR** = sum_j w_j S_task(j), w_j = D_j / sum_k D_k, D_j the path's difficulty
  (nodes × apps, worked out by the caller);
- **MATCR** = mean over attempts of k_j / n_j, k_j the consecutive successful steps from
  the start;
- **p-ATSR** = sum_j sum_i p(i) S(j, i) / sum_j sum_i p(i), pooled over attempts, with a
  positional weight p(i) increasing in i (p(i) = i by default).
- **SR at Pass@k**: the mean over tasks of HumanEval's pass@k of the task's epochs.

Every rate of an empty run is 0.0.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

Weight = Callable[[int], float]
"""A positional weight p(i) for step i (1-based), increasing with i."""


def linear(i: int) -> float:
    """The default positional weight: p(i) = i."""
    return float(i)


def leading_successes(steps: Sequence[bool]) -> int:
    """k_j: the consecutive successful steps from the start."""
    count = 0
    for passed in steps:
        if not passed:
            break
        count += 1
    return count


def completion_ratio(steps: Sequence[bool]) -> float:
    """k_j / n_j (0.0 for a path without steps)."""
    return leading_successes(steps) / len(steps) if steps else 0.0


def matcr(ratios: Sequence[float]) -> float:
    """Mean of the attempts' completion ratios k_j / n_j."""
    return sum(ratios) / len(ratios) if ratios else 0.0


def positional_terms(steps: Sequence[bool], weight: Weight = linear) -> tuple[float, float]:
    """One attempt's p-ATSR numerator and denominator: sum p(i) S(i), sum p(i)."""
    earned = sum(weight(i) for i, passed in enumerate(steps, 1) if passed)
    return earned, sum(weight(i) for i in range(1, len(steps) + 1))


def patsr(terms: Sequence[tuple[float, float]]) -> float:
    """p-ATSR pooled from every attempt's (numerator, denominator)."""
    total = sum(denominator for _, denominator in terms)
    return sum(earned for earned, _ in terms) / total if total else 0.0


def wpsr(attempts: Sequence[tuple[float, bool]]) -> float:
    """WPSR from every attempt's (difficulty D_j, task success)."""
    total = sum(difficulty for difficulty, _ in attempts)
    return sum(d for d, success in attempts if success) / total if total else 0.0
