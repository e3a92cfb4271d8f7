"""The machine's speed stamped beside sampling figures: two fixed workloads, best of five."""

from __future__ import annotations

from bench.machine import best_seconds, machine_speed, python_work


def test_the_python_workload_is_the_same_every_time() -> None:
    assert python_work() == python_work() >= 997  # 997 distinct words, then a sorted minimum


def test_best_seconds_runs_the_work_each_round() -> None:
    calls: list[int] = []
    seconds = best_seconds(lambda: calls.append(1), rounds=3)
    assert len(calls) == 3 and seconds >= 0.0


def test_machine_speed_gives_both_figures() -> None:
    speed = machine_speed()
    assert set(speed) == {"python_ms", "matmul_gflops"}
    assert speed["python_ms"] > 0 and speed["matmul_gflops"] > 0
