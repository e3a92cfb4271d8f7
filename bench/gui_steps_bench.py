"""replay-nearest step-evaluation throughput on the shared GUI episodes (steps per second).

Run against a throwaway server (its own TASKSPACE_HOME and ports; see docs/benchmarks.md):

    python -m bench.gui_steps_bench [--repeat 3]

Loads the shared AitZ episode, the LlamaTouch trace and the DroidBot calendar graph with
``kg load episodes`` (the page graph the agent remembers), reads them back as the
evaluation does (``read_gui_tasks``: graph rows, files parsed again), then for every step
of every episode lets replay-nearest predict (embed the screen's summary, one vector query
excluding the episode's own screens, carry the neighbour's action over) and scores it with
AITW matching. The embedding model is warm before timing; the best of ``--repeat`` counts.
The inspect engine and the graph writes are timed apart, as ``kg eval gui`` end to end.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from bench.entry import run_main
from bench.load import emit, stamped
from taskspace.agents.gui.replay import ReplayNearest
from taskspace.cli.main import cli
from taskspace.core.settings import load_settings
from taskspace.environments.gui.view import EPISODE_KEY, gui_views
from taskspace.evaluation.run import eval_log_root
from taskspace.evaluation.steps.gui.runs import read_gui_tasks
from taskspace.evaluation.steps.gui.scoring import score_episode
from taskspace.graph.connection import Graph
from taskspace.graph.schema import apply_schema

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "gui"
SOURCES = (
    SHARED / "aitz_episode",
    SHARED / "llamatouch" / "trace_18",
    SHARED / "autodroid_utg" / "calendar_utg.yaml",
)


def once(graph: Graph) -> dict[str, Any]:
    started = time.perf_counter()
    found = read_gui_tasks(graph, "all")
    read = time.perf_counter()
    memory = ReplayNearest(graph, k=5)
    matched = steps = 0
    for _, episode in found.episodes:
        views = gui_views({EPISODE_KEY: episode.model_dump_json()})
        predicted = [asyncio.run(memory.predict(view)) for view in views]
        results = score_episode(episode, predicted)
        matched += sum(int(r.values["action_match"]) for r in results)
        steps += len(results)
    done = time.perf_counter()
    return stamped(
        {
            "episodes": len(found.episodes),
            "steps": steps,
            "read_seconds": round(read - started, 3),
            "predict_and_score_seconds": round(done - read, 3),
            "steps_per_second": round(steps / (done - read), 1),
            "action_match": round(matched / steps, 4),
        }
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    with Graph(load_settings()) as graph:
        apply_schema(graph)  # a fresh throwaway server has no vector index yet
    loaded = CliRunner().invoke(cli, ["load", "episodes", *map(str, SOURCES), "--json"])
    if loaded.exit_code != 0:
        raise SystemExit(loaded.output)
    with Graph(load_settings()) as graph:
        once(graph)  # warms the embedding model and the query plans
        runs = [once(graph) for _ in range(args.repeat)]
    logs = eval_log_root(load_settings().home)
    earlier = set(logs.glob("run-*")) if logs.is_dir() else set()
    started = time.perf_counter()
    run = CliRunner().invoke(cli, ["eval", "gui", "all", "--display", "none", "--json"])
    end_to_end = time.perf_counter() - started
    # stdout alone: inspect tells stderr when it resumes a finished run.
    report: dict[str, Any] = json.loads(run.stdout) if run.exit_code == 0 else {"error": run.output}
    result: dict[str, Any] = {
        "runs": runs,
        "best": max(runs, key=lambda r: r["steps_per_second"]),
        "kg_eval_gui_seconds": round(end_to_end, 2),
        "kg_eval_gui": report,
    }
    folder = logs / str(report.get("run", {}).get("run", ""))
    if folder in earlier:  # the same episodes and agent: kg eval gui resumed, ran nothing
        result["kg_eval_gui_resumed"] = (
            f"{folder} held this run already, so kg_eval_gui_seconds timed a resume; "
            "use a throwaway TASKSPACE_HOME (or move that folder away) to time a whole run"
        )
    emit(result)


if __name__ == "__main__":
    run_main(main)
