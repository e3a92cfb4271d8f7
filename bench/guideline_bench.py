"""Guideline retrieval latency: one Cypher round trip over Bolt, against PG-Agent's way.

Run against the configured graph (the local server by default, or NEO4J_URI):
    python -m bench.guideline_bench --screens 10000 --queries 300
It writes a synthetic page graph (``--screens`` screens in ``--apps`` apps, each screen
with ``--degree`` transitions to screens of its app, summaries as clustered 384-d unit
vectors) through the loader's own named queries, under a :Source of its own, and removes
it afterwards unless ``--keep``. Then, for the same query vectors, it times:

- taskspace: ``Guide.for_vector`` (vector top-4; per outgoing transition of each, its
  actions and the tasks of a 3-layer breadth-first search from it; up to 20), one read
  over Bolt, result rows turned into guidelines;
- PG-Agent's way, in one process: FAISS (exact inner product) for the top-4 screens and
  networkx breadth-first search from each outgoing edge's end screen, the same shape,
  task order, guideline order and cap.

Both sides must agree: whenever they start from the same top-4 screens (the vector index
is approximate, FAISS here exact), the guidelines (start, edge, actions, tasks in order)
must be equal, or the run stops with an error. It prints JSON: p50 and p95 in
milliseconds both ways, their ratios, and how many queries had the same start screens.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import faiss
import networkx as nx  # type: ignore[import-untyped]
import numpy as np
from numpy.typing import NDArray

from bench.entry import run_main
from bench.load import emit
from taskspace.core.settings import load_settings
from taskspace.graph.connection import Graph
from taskspace.graph.ids import stable_id
from taskspace.graph.provenance import record_source
from taskspace.graph.writer import BatchedWriter
from taskspace.guidelines import Guide

Vectors = NDArray[np.float32]
N, LAYERS, K = 4, 3, 20
SOURCE_URI = "bench:guidelines"


def unit(matrix: Vectors) -> Vectors:
    normalised: Vectors = (matrix / np.linalg.norm(matrix, axis=-1, keepdims=True)).astype(
        np.float32
    )
    return normalised


def synthetic(
    screens: int, apps: int, degree: int, seed: int
) -> tuple[Vectors, list[dict[str, Any]]]:
    """Screen vectors (an app's screens cluster around its centre) and transition rows."""
    rng = np.random.default_rng(seed)
    centres = unit(rng.standard_normal((apps, 384)).astype(np.float32))
    app_of = np.arange(screens) % apps
    vectors = unit(
        centres[app_of] + 0.6 * unit(rng.standard_normal((screens, 384)).astype(np.float32))
    )
    pick = random.Random(seed)
    by_app: dict[int, list[int]] = {}
    for index, app in enumerate(app_of):
        by_app.setdefault(int(app), []).append(index)
    edges = []
    for index in range(screens):
        peers = by_app[int(app_of[index])]
        for target in pick.sample(peers, min(degree, len(peers))):
            actions = [f'tap "Button {pick.randrange(40)}"' for _ in range(pick.randint(1, 3))]
            tasks = sorted(
                {f"app{app_of[index]} task {pick.randrange(60)}" for _ in range(pick.randint(1, 3))}
            )
            start, end = f"bench:screen:{index}", f"bench:screen:{target}"
            edges.append(
                {
                    "start": start,
                    "end": end,
                    "key": stable_id("transition", start, end, *actions),
                    "actions": actions,
                    "kinds": ["tap"] * len(actions),
                    "tasks": tasks,
                    "episodes": [f"bench:{index}:{target}"],
                }
            )
    return vectors, edges


def write(graph: Graph, vectors: Vectors, edges: list[dict[str, Any]], apps: int) -> str:
    source = record_source(graph, "bench", SOURCE_URI)
    writer = BatchedWriter(graph, batch_size=2000)
    rows = (
        {
            "id": f"bench:screen:{index}",
            "props": {
                "app": f"bench.app{index % apps}",
                "platform": "android",
                "summary": f"synthetic screen {index}",
                "embedding": vector.tolist(),
                "layout": [],
                "observed": True,
                "source": source,
            },
        }
        for index, vector in enumerate(vectors)
    )
    writer.write_named("episodes/merge_screens", rows)
    writer.write_named("episodes/merge_transitions", edges)
    return source


Shape = list[tuple[str, str, list[str], list[str]]]
"""Guidelines as compared: (start screen, edge key, actions, tasks), in order."""


class InProcess:
    """PG-Agent's retrieval in one process: FAISS top-n, networkx breadth-first search."""

    def __init__(self, vectors: Vectors, edges: list[dict[str, Any]], apps: int) -> None:
        self.index = faiss.IndexFlatIP(vectors.shape[1])
        self.index.add(vectors)
        self.graph = nx.MultiDiGraph()
        for edge in edges:
            self.graph.add_edge(
                edge["start"],
                edge["end"],
                key=edge["key"],
                actions=edge["actions"],
                tasks=sorted(set(edge["tasks"])),  # as the loader stores them
            )

    def retrieve(self, vector: Vectors) -> Shape:
        scores, found = self.index.search(vector.reshape(1, -1), N)
        ranked: list[tuple[float, str, int, str, list[str], list[str]]] = []
        for score, position in zip(scores[0], found[0], strict=True):
            start = f"bench:screen:{position}"
            for _, end, key, data in self.graph.out_edges(start, keys=True, data=True):
                tasks = self._gathered(end, key, data["tasks"])
                ranked.append(
                    (-round(float(score), 6), start, -len(tasks), key, data["actions"], tasks)
                )
        ranked.sort(key=lambda row: row[:4])
        return [(start, key, actions, tasks) for _, start, _, key, actions, tasks in ranked[:K]]

    def _gathered(self, end: str, key: str, own: list[str]) -> list[str]:
        """E's tasks, then those of the edges leaving each screen within LAYERS - 1 steps of
        E's end screen: by layer, then edge key, then as stored; each task once."""
        distance = nx.single_source_shortest_path_length(self.graph, end, cutoff=LAYERS - 1)
        reached = [(0, key, own)] + [
            (hops + 1, next_key, data["tasks"])
            for near, hops in distance.items()
            for _, _, next_key, data in self.graph.out_edges(near, keys=True, data=True)
        ]
        reached.sort(key=lambda row: row[:2])
        return list(dict.fromkeys(task for _, _, tasks in reached for task in tasks))

    def starts(self, vector: Vectors) -> set[str]:
        _, found = self.index.search(vector.reshape(1, -1), N)
        return {f"bench:screen:{position}" for position in found[0]}


def by_bolt(guide: Guide, vector: Vectors) -> Shape:
    found = guide.for_vector(vector.tolist(), n=N, layers=LAYERS, k=K)
    return [(g.start, g.edge, g.actions, g.tasks) for g in found]


def timed(call: Callable[[], Shape]) -> tuple[float, Shape]:
    started = time.perf_counter()
    result = call()
    return (time.perf_counter() - started) * 1000, result


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def queries(vectors: Vectors, count: int, seed: int) -> Iterator[Vectors]:
    """A screen like a known one: a stored vector with noise, as a new visit would be."""
    rng = np.random.default_rng(seed + 1)
    for position in rng.integers(0, len(vectors), count):
        yield unit(vectors[position] + 0.3 * unit(rng.standard_normal(384).astype(np.float32)))


def run(screens: int, apps: int, degree: int, count: int, seed: int, keep: bool) -> dict[str, Any]:
    vectors, edges = synthetic(screens, apps, degree, seed)
    with Graph(load_settings()) as graph:
        graph.verify()
        started = time.perf_counter()
        source = write(graph, vectors, edges, apps)
        # The vector index fills in the background after a write: timing before it is
        # ONLINE and caught up measures a half-empty index (no start screens in common).
        graph.run_autocommit("CALL db.awaitIndexes(600)")
        load_seconds = time.perf_counter() - started
        try:
            guide = Guide(graph)
            local = InProcess(vectors, edges, apps)
            asked = list(queries(vectors, count + 30, seed))
            bolt: list[float] = []
            in_process: list[float] = []
            same = compared = 0
            for number, vector in enumerate(asked):
                ms_bolt, over_bolt = timed(partial(by_bolt, guide, vector))
                ms_local, at_home = timed(partial(local.retrieve, vector))
                if {start for start, *_ in over_bolt} == local.starts(vector):
                    compared += 1  # same start screens: the guidelines must be the same
                    if over_bolt != at_home:
                        raise SystemExit(f"query {number}: the two sides disagree")
                if number < 30:
                    continue  # warm-up: connection pool, query plan, caches
                bolt.append(ms_bolt)
                in_process.append(ms_local)
                same += over_bolt == at_home
        finally:
            if not keep:
                graph.run_autocommit(graph.queries.text("bench/remove_page_graph"), source=source)
    return {
        "screens": screens,
        "transitions": len(edges),
        "apps": apps,
        "queries": count,
        "load_seconds": round(load_seconds, 1),
        "bolt_ms": {
            "p50": round(statistics.median(bolt), 2),
            "p95": round(percentile(bolt, 0.95), 2),
        },
        "in_process_ms": {
            "p50": round(statistics.median(in_process), 2),
            "p95": round(percentile(in_process, 0.95), 2),
        },
        "ratio_bolt_to_in_process": {
            "p50": round(statistics.median(bolt) / statistics.median(in_process), 2),
            "p95": round(percentile(bolt, 0.95) / percentile(in_process, 0.95), 2),
        },
        "guidelines_per_query": round(sum(len(local.retrieve(v)) for v in asked) / len(asked), 1),
        "same_starts_and_equal": compared,
        "same_guidelines": round(same / count, 3),
        "target_p95_ms": 20,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--screens", type=int, default=10_000)
    parser.add_argument("--apps", type=int, default=50)
    parser.add_argument("--degree", type=int, default=3)
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--keep", action="store_true", help="Leave the synthetic graph in place.")
    args = parser.parse_args()
    result = run(args.screens, args.apps, args.degree, args.queries, args.seed, args.keep)
    emit(result)


if __name__ == "__main__":
    run_main(main)
