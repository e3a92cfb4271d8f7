"""Sampling throughput: verified tasks per second for document and web templates.

Run against whatever graph is loaded in the configured database (the local server by
default, or NEO4J_URI):
    python -m bench.sampling_bench --count 50 --repeat 3
For each kind whose templates find candidates it runs the full sampler (grounding
queries, rendering, re-derivation, embedding, de-duplication, MMR) ``--repeat`` times
and prints JSON: tasks per second overall (median), for the first run (cold: the model
embeds every anchor text that has no stored vector) and the later ones (warm: those
vectors are remembered in the process), with the model's time left out, the warm runs'
median milliseconds per step of the sampler (``ms_by_step``: grounding queries,
rendering, ordering, verification (requirement checks and re-derivation),
de-duplication), and the load average and speed of the machine (``machine``:
bench/machine.py). ``--queries`` adds each template's grounding query time (median
over the runs' seeds, milliseconds, on the pool a sample of ``--count`` reads first),
which is where most of the time goes. ``pools`` says, run by run, the pool each sample
ended on (candidates kept per template, anchors read per query, tries).

``--warm-up SECONDS`` first takes untimed samples (other seeds than the timed ones, so no
timed anchor is read ahead) until the rate stops rising, as JMH warms a JVM before it
measures: a server a minute old still compiles its hot paths. ``warm_up`` reports each round
(one sample of every kind: tasks/s, and the milliseconds spent in server queries apart from
the rest) and whether the rate settled before the time ran out.
Nothing is written to the graph.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from bench.entry import run_main
from bench.load import emit, load_average, stamped
from bench.machine import machine_speed
from taskspace.core.settings import load_settings
from taskspace.generators.templates.engine import run_template_query
from taskspace.generators.templates.family import DOC, WEB
from taskspace.generators.templates.pool import Pool
from taskspace.generators.templates.sampler import sample_tasks
from taskspace.generators.templates.templates import load_templates
from taskspace.graph.connection import Graph
from taskspace.models.embeddings import embed
from taskspace.sources.derived import stale_derived
from taskspace.tasks.family import SampleReport


class TimedEmbedder:
    """The real embedding model, with the seconds spent in it and the texts counted."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.texts = 0

    def __call__(self, texts: Sequence[str]) -> list[list[float]]:
        started = time.perf_counter()
        try:
            return embed(texts)
        finally:
            self.seconds += time.perf_counter() - started
            self.texts += len(texts)


FAMILIES = {"doc": DOC, "web": WEB}


def timed_sample(
    graph: Graph, kind: str, count: int, seed: int, embedder: Callable[..., Any]
) -> tuple[SampleReport, float]:
    """One sample as ``kg sample KIND`` takes it by default, and its seconds."""
    started = time.perf_counter()
    report = sample_tasks(
        graph,
        kind,
        count=count,
        seed=seed,
        embedder=embedder,
        per_template=FAMILIES[kind].per_template(),
    )
    return report, time.perf_counter() - started


def bench_kind(graph: Graph, kind: str, count: int, seed: int, repeat: int) -> dict[str, Any]:
    """The first run is cold (the model embeds every anchor text it needs); later runs in
    the same process reuse those vectors, as a long-lived server would."""
    embed(["warm-up"])  # the model's one-off load is not sampling time
    embedder = TimedEmbedder()
    runs: list[dict[str, Any]] = []
    for attempt in range(repeat):
        before, texts = embedder.seconds, embedder.texts
        report, seconds = timed_sample(graph, kind, count, seed + attempt, embedder)
        runs.append(
            {
                "tasks": len(report.tasks),
                "candidates": report.candidates,
                "seconds": seconds,
                "embed_seconds": embedder.seconds - before,
                "embedded_texts": embedder.texts - texts,
                "ms_by_step": report.extras.get("ms_by_step", {}),
                "pool": report.extras.get("pool", {}),
            }
        )
    tasks = runs[-1]["tasks"]
    seconds = statistics.median(run["seconds"] for run in runs)
    without_model = statistics.median(run["seconds"] - run["embed_seconds"] for run in runs)
    later = runs[1:] or runs
    warm = statistics.median(run["seconds"] for run in later)
    return {
        "kind": kind,
        "tasks": tasks,
        "candidates": runs[-1]["candidates"],
        "repeat": repeat,
        "median_seconds": round(seconds, 3),
        "tasks_per_second": _rate(tasks, seconds),
        "tasks_per_second_cold": _rate(runs[0]["tasks"], runs[0]["seconds"]),
        "tasks_per_second_warm": _rate(tasks, warm),
        "tasks_per_second_without_embedding": _rate(tasks, without_model),
        "texts_embedded_per_run": [run["embedded_texts"] for run in runs],
        "ms_by_step": median_steps([run["ms_by_step"] for run in later]),
        "pools": [run["pool"] for run in runs],
    }


SERVER_STEPS = ("grounding", "verification")
"""The sampler's steps that are server queries (the rest is this process's own work)."""
STEADY_ROUNDS = 3
STEADY_RISE = 1.05
WARM_UP_SEED = 1000
"""Warm-up samples take seeds from here on, away from the timed runs' seeds."""


def warm_up(graph: Graph, kinds: list[str], count: int, seconds: float) -> dict[str, Any]:
    """Untimed samples until the rate has stopped rising: the last ``STEADY_ROUNDS`` rounds
    each within ``STEADY_RISE`` of the best round before it, or ``seconds`` have passed.
    Server milliseconds falling while the rest stays flat is the server warming up."""
    rounds: list[dict[str, Any]] = []
    started = time.perf_counter()
    steady = False
    while not steady and time.perf_counter() - started < seconds:
        row: dict[str, Any] = {}
        tasks, spent = 0, 0.0
        for kind in kinds:
            report, took = timed_sample(graph, kind, count, WARM_UP_SEED + len(rounds), embed)
            steps = report.extras.get("ms_by_step", {})
            server = sum(steps.get(name, 0.0) for name in SERVER_STEPS)
            row[kind] = {
                "tasks_per_second": _rate(len(report.tasks), took),
                "server_ms": round(server, 1),
                "other_ms": round(1000 * took - server, 1),
            }
            tasks, spent = tasks + len(report.tasks), spent + took
        row["tasks_per_second"] = _rate(tasks, spent)
        rounds.append(row)
        steady = settled([row["tasks_per_second"] or 0.0 for row in rounds])
    return {
        "rounds": rounds,
        "seconds": round(time.perf_counter() - started, 1),
        "steady": steady,
    }


def settled(rates: list[float]) -> bool:
    """True when each of the last ``STEADY_ROUNDS`` rates is within ``STEADY_RISE`` of the
    best rate before it."""
    if len(rates) <= STEADY_ROUNDS:
        return False
    return all(
        rates[index] <= STEADY_RISE * max(rates[:index])
        for index in range(len(rates) - STEADY_ROUNDS, len(rates))
    )


def median_steps(runs: list[dict[str, float]]) -> dict[str, float]:
    """Each step's median milliseconds over the runs (a step a run skipped counts as 0)."""
    names = list(dict.fromkeys(name for run in runs for name in run))
    return {name: round(statistics.median(run.get(name, 0.0) for run in runs), 1) for name in names}


def first_pool(kind: str, count: int) -> Pool:
    """The pool a sample of ``count`` reads first (``kg sample``'s default)."""
    per_template = FAMILIES[kind].per_template()
    if per_template:
        return Pool.keeping(per_template)
    return Pool.for_count(count, len(load_templates(kind)))


def query_times(graph: Graph, kind: str, count: int, seed: int, repeat: int) -> dict[str, float]:
    """Median milliseconds of each template's grounding query over the runs' seeds, on
    the pool a sample of ``count`` reads first."""
    pool = first_pool(kind, count)
    times: dict[str, float] = {}
    for spec in load_templates(kind):
        runs = []
        for attempt in range(repeat):
            started = time.perf_counter()
            run_template_query(graph, spec, limit=pool.limit, scan=pool.scan, seed=seed + attempt)
            runs.append(time.perf_counter() - started)
        times[spec.name] = round(1000 * statistics.median(runs), 1)
    return times


def _rate(tasks: int, seconds: float) -> float | None:
    return round(tasks / seconds, 1) if seconds > 0 else None


def warn_stale(graph: Graph, kinds: list[str]) -> None:
    """Say on stderr, as ``kg sample`` does, what part of the graph templates will skip:
    a graph loaded before a derived property existed otherwise shows only as a kind
    under ``skipped`` or a rate that is not comparable."""
    stale = stale_derived(graph)
    for kind in kinds:
        if part := stale.of_kind(kind):
            print(f"Warning ({kind}): {part.describe()}", file=sys.stderr)


def run(
    kinds: list[str],
    count: int,
    seed: int,
    repeat: int,
    queries: bool = False,
    warm_up_seconds: float = 0.0,
) -> dict[str, Any]:
    warmed: dict[str, Any] | None = None
    machine = machine_speed()  # before any sample, so the server is idle
    with Graph(load_settings()) as graph:
        graph.verify()
        nodes = graph.read("graph/node_count")[0]["count"]
        warn_stale(graph, kinds)
        if warm_up_seconds > 0:
            embed(["warm-up"])  # the model's one-off load is not a warm-up round
            warmed = warm_up(graph, kinds, count, warm_up_seconds)
        results = [stamped(bench_kind(graph, kind, count, seed, repeat)) for kind in kinds]
        if queries:
            for result in results:
                result["query_ms"] = query_times(graph, result["kind"], count, seed, repeat)
    return {
        "graph_nodes": nodes,
        "load_average": load_average(),
        "machine": machine,
        "count": count,
        "results": [result for result in results if result["tasks"]],
        "skipped": [result["kind"] for result in results if not result["tasks"]],
        "target_tasks_per_second": 200,
        **({"warm_up": warmed} if warmed else {}),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--kind", choices=["doc", "web"], action="append")
    parser.add_argument("--count", type=int, default=50)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--queries", action="store_true", help="time each template's query")
    parser.add_argument(
        "--warm-up",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="untimed samples first, until the rate stops rising or this many seconds pass",
    )
    args = parser.parse_args()
    kinds = args.kind or ["doc", "web"]
    emit(run(kinds, args.count, args.seed, args.repeat, args.queries, args.warm_up))


if __name__ == "__main__":
    run_main(main)
