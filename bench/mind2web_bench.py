"""Offline Mind2Web scoring throughput: steps and tasks per second over the shared tasks.

    python -m bench.mind2web_bench [--tasks TASKS.json] [--repeat 3] [--top-k 50] [--batches 4]

``--tasks`` defaults to ``../shared/data/benchmarks/mind2web/mind2web_raw_tasks.json``.

Parses the file into episodes (``read_episodes``), builds the gold tasks and the site
pools, then runs the offline pipeline (BM25 top 50, 4 sections, the word-overlap
predictor, both selection strategies) and scores every step with and without flexible
ground truth. Times each phase (wall clock, and the process's CPU time, which another
load on the machine disturbs less); the best of ``--repeat`` runs counts. Prints JSON with the
metrics too, so a change in throughput can be read beside a change in results.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

from bench.load import emit
from taskspace.agents.steps.offline import OfflinePredictor
from taskspace.agents.steps.pipeline import PipelineConfig
from taskspace.environments.web_steps.tasks import site_pools, task_from_episode
from taskspace.evaluation.steps.web.evaluate import evaluate_all, summary_of
from taskspace.sources.episodes.formats import read_episodes
from taskspace.sources.episodes.model import Episode

DEFAULT = (
    Path(__file__).resolve().parents[2]
    / "shared"
    / "data"
    / "benchmarks"
    / "mind2web"
    / "mind2web_raw_tasks.json"
)


def once(path: Path, config: PipelineConfig) -> dict[str, Any]:
    started = time.perf_counter()
    episodes = [e for e in read_episodes(path) if isinstance(e, Episode)]
    tasks = [task_from_episode(episode) for episode in episodes]
    pools = site_pools(tasks)
    parsed = time.perf_counter()
    cpu = time.process_time()
    results = evaluate_all(tasks, pools, config, OfflinePredictor())
    scored = time.perf_counter()
    cpu_seconds = time.process_time() - cpu
    summary = summary_of(results)
    steps = sum(len(task.steps) for task in tasks)
    seconds = scored - parsed
    return {
        "tasks": len(tasks),
        "steps": steps,
        "sites": len(pools),
        "mean_pool": round(sum(len(p) for p in pools.values()) / max(len(pools), 1), 1),
        "parse_seconds": round(parsed - started, 3),
        "pipeline_and_scoring_seconds": round(seconds, 3),
        "steps_per_second": round(steps / seconds, 1),
        "tasks_per_second": round(len(tasks) / seconds, 1),
        "steps_per_cpu_second": round(steps / cpu_seconds, 1),
        "end_to_end_steps_per_second": round(steps / (scored - started), 1),
        "micro": {k: round(v, 4) for k, v in summary.micro.items()},
        "macro": {k: round(v, 4) for k, v in summary.macro.items()},
        "task_sr": {k: round(v, 4) for k, v in summary.task_sr.items()},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=Path, default=DEFAULT)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--top-k", type=int, default=50)
    parser.add_argument("--batches", type=int, default=4)
    args = parser.parse_args()
    if not args.tasks.exists():
        raise SystemExit(f"--tasks {args.tasks}: no such file (default: {DEFAULT})")
    config = PipelineConfig(top_k=args.top_k, batches=args.batches)
    runs = [once(args.tasks, config) for _ in range(max(args.repeat, 1))]
    best = max(runs, key=lambda run: run["steps_per_second"])
    best["repeats"] = len(runs)
    emit(best)


if __name__ == "__main__":
    main()
