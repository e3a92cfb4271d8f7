"""How fast this machine is, stamped beside figures that depend on it.

Absolute rates (tasks per second) moved 2× and more between machines of the same kind:
a sampling run's own steps in this process took 14 ms on one and 47 on another. Two
fixed workloads, timed best of five, let a reader compare figures measured on different
machines: pure Python (the sampler's rendering and ordering are Python) and a float32
matrix product (the embedding model's work)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import numpy as np

ROUNDS = 5


def best_seconds(work: Callable[[], object], rounds: int = ROUNDS) -> float:
    """The fastest of ``rounds`` runs of ``work``: the least disturbed by other load."""
    best = float("inf")
    for _ in range(rounds):
        started = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - started)
    return best


def python_work() -> int:
    """A fixed mix of what the sampler does in Python: splitting and joining text, dict
    lookups, sorting (69–79 ms on the slow 2-core machine of issue #28's last runs)."""
    words = [f"word{number % 997}" for number in range(40_000)]
    text = " ".join(words)
    counts: dict[str, int] = {}
    for word in text.split():
        counts[word] = counts.get(word, 0) + 1
    ordered = sorted(random.Random(0).sample(range(200_000), 50_000))
    return len(counts) + ordered[0]


def matmul_peak(size: int = 1536, rounds: int = ROUNDS) -> float:
    """GFLOP/s of a float32 square matrix product, the best of ``rounds``: what this
    machine's cores reach on the operation that dominates the embedding model."""
    matrix = np.random.default_rng(0).standard_normal((size, size), dtype=np.float32)
    return 2 * size**3 / best_seconds(lambda: matrix @ matrix, rounds) / 1e9


def machine_speed() -> dict[str, float]:
    """``python_ms``: the Python workload's best time; ``matmul_gflops``:
    :func:`matmul_peak`."""
    return {
        "python_ms": round(1000 * best_seconds(python_work), 1),
        "matmul_gflops": round(matmul_peak(), 1),
    }
