"""taskspace's own overhead per evaluated sample, with the model's time left out.

    python -m bench.eval_bench --tasks tasks-doc-0.jsonl --samples 500

Run it against a throwaway server (own TASKSPACE_HOME and ports; see docs/benchmarks.md):
it writes :Task nodes, a :Run and its ATTEMPTED edges, and removes them again. The tasks of
``--tasks`` (a ``kg sample`` file) are repeated under new ids up to ``--samples``.

An agent that answers at once (no model, no retrieval) runs through inspect_ai twice: with
the task scorer and with no scorer, so the engine's own time per sample is known and left
out. taskspace's share is what it adds to each sample: the dataset (with the evidence
cover, one read), the scorer's work (parse the task, score the attempt; timed alone, since
the difference of two engine runs is within their noise) and the results written to the
graph. Scoring throughput and retrieval latency have their own benchmarks
(``bench.scoring_bench``, ``bench.retrieval_bench``); ``--all`` runs them after this one.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from inspect_ai import Task as InspectTask
from inspect_ai import eval as inspect_eval
from inspect_ai.log import read_eval_log
from inspect_ai.scorer import Scorer
from inspect_ai.solver import Generate, Solver, TaskState, solver

from bench.entry import run_main
from bench.load import emit
from taskspace.agents.context import record_attempt
from taskspace.core.settings import load_settings
from taskspace.evaluation.dataset import evidence_cover, task_dataset
from taskspace.evaluation.results import write_run_results
from taskspace.evaluation.scorers.task import task_scorer
from taskspace.graph.connection import Graph
from taskspace.tasks.attempt import Attempt
from taskspace.tasks.model import Task
from taskspace.tasks.scoring.attempts import score_attempt
from taskspace.tasks.state import EVIDENCE_COVER_KEY, TASK_METADATA_KEY
from taskspace.tasks.store import read_jsonl, write_task_nodes

RUN_ID = "run-bench-eval"


def repeated(tasks: list[Task], samples: int) -> list[Task]:
    """``samples`` tasks: the given ones, then copies under new ids."""
    out = [
        task.model_copy(update={"id": f"{task.id}-bench{n}"})
        for n in range(samples // max(1, len(tasks)) + 1)
        for task in tasks
    ]
    return out[:samples]


@solver
def instant_agent() -> Solver:
    """Answers every other task right, the rest wrong, citing nothing: no model time."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        gold = state.target.text
        answer = gold if sum(map(ord, str(state.sample_id))) % 2 else f"not {gold}"
        record_attempt(state, Attempt(task_id=str(state.sample_id), answer=answer), "none")
        return state

    return solve


def engine_seconds(dataset: Any, scorer: Scorer | None, log_dir: str) -> tuple[float, Any]:
    task = InspectTask(dataset=dataset, solver=instant_agent(), scorer=scorer)
    started = time.perf_counter()
    log = inspect_eval(
        task,
        model="mockllm/model",
        log_dir=log_dir,
        display="none",
        log_level="error",
        metadata={"taskspace_run": RUN_ID},
    )[0]
    return time.perf_counter() - started, log


def scorer_work_seconds(dataset: Any) -> float:
    """What the task scorer does per sample, timed alone: read the task from the metadata,
    score a wrong attempt (the slower path: no early exit on equality)."""
    started = time.perf_counter()
    for sample in dataset:
        task = Task.model_validate_json(sample.metadata[TASK_METADATA_KEY])
        attempt = Attempt(task_id=task.id, answer=f"not {task.answer}")
        score_attempt(task, attempt, sample.metadata.get(EVIDENCE_COVER_KEY))
    return time.perf_counter() - started


def run(tasks_file: Path, samples: int) -> dict[str, Any]:
    tasks = repeated(read_jsonl(tasks_file), samples)
    graph = Graph(load_settings())
    try:
        write_task_nodes(graph, tasks, f"bench:eval:{RUN_ID}")
        started = time.perf_counter()
        dataset = task_dataset(tasks, covers=evidence_cover(graph, tasks))
        dataset_s = time.perf_counter() - started
        with tempfile.TemporaryDirectory(prefix="eval-bench-") as logs:
            engine_seconds(task_dataset(tasks[:10]), task_scorer(), logs)  # warm-up
            bare_s, _ = engine_seconds(dataset, None, logs)
            scored_s, log = engine_seconds(dataset, task_scorer(), logs)
            log = read_eval_log(log.location)  # the samples, as kg eval reads them
            started = time.perf_counter()
            written = write_run_results(graph, log)
            write_s = time.perf_counter() - started
        scorer_s = scorer_work_seconds(dataset)
        graph.write_text(
            graph.queries.text("bench/remove_eval_run"),
            run=RUN_ID,
            ids=[task.id for task in tasks],
        )
    finally:
        graph.close()
    per = 1000 / len(tasks)
    scorer_ms = scorer_s * per
    own_ms = dataset_s * per + scorer_ms + write_s * per
    return {
        "samples": len(tasks),
        "attempts_written": written,
        "dataset_ms_per_sample": round(dataset_s * per, 3),
        "scorer_ms_per_sample": round(scorer_ms, 3),
        "results_write_ms_per_sample": round(write_s * per, 3),
        "taskspace_overhead_ms_per_sample": round(own_ms, 3),
        "target_ms": 5.0,
        "inspect_engine_ms_per_sample": round(bare_s * per, 3),
        "engine_with_scorer_ms_per_sample": round(scored_s * per, 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=Path, required=True, help="a kg sample JSONL file")
    parser.add_argument("--samples", type=int, default=500)
    parser.add_argument(
        "--all", action="store_true", help="then run the scoring and retrieval benchmarks"
    )
    parser.add_argument(
        "--chunks",
        type=int,
        nargs="+",
        default=[10_000, 100_000],
        help="chunk counts for the retrieval benchmark with --all",
    )
    args = parser.parse_args()
    if not args.tasks.is_file():
        raise SystemExit(f"--tasks {args.tasks}: no such file (write one with kg sample doc -o)")
    emit(run(args.tasks, args.samples))
    if args.all:
        from bench import retrieval_bench, scoring_bench

        sys.argv = ["bench.scoring_bench", "--tasks", str(args.tasks)]
        scoring_bench.main()
        sys.argv = ["bench.retrieval_bench", "--chunks", *map(str, args.chunks)]
        retrieval_bench.main()


if __name__ == "__main__":
    run_main(main)
