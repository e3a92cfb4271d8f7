"""Writer throughput: synthetic nodes and relationships through BatchedWriter.

Run against the configured graph (the local server by default):
    python -m bench.writer_bench --nodes 200000 --batch-size 5000
It writes only ``:BenchNode`` nodes and removes them afterwards. Prints rows per second.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Iterator
from typing import Any

from bench.entry import run_main
from bench.load import emit
from taskspace.core.settings import load_settings
from taskspace.graph.connection import Graph
from taskspace.graph.writer import BatchedWriter


def node_rows(count: int) -> Iterator[dict[str, Any]]:
    for i in range(count):
        yield {"id": f"b{i}", "props": {"name": f"node {i}", "rank": i % 97, "group": i % 13}}


def relationship_rows(count: int, nodes: int, seed: int) -> Iterator[dict[str, Any]]:
    rng = random.Random(seed)
    for i in range(count):
        yield {"start": f"b{i % nodes}", "end": f"b{rng.randrange(nodes)}", "props": {"w": i}}


def run(nodes: int, relationships: int, batch_size: int, seed: int, workers: int) -> dict[str, Any]:
    with Graph(load_settings()) as graph:
        graph.verify()
        for statement in graph.queries.statements("bench/setup"):
            graph.run_autocommit(statement)
        try:
            writer = BatchedWriter(graph, batch_size=batch_size, workers=workers)
            started = time.perf_counter()
            node_summary = writer.merge_nodes(["BenchNode"], node_rows(nodes))
            node_seconds = time.perf_counter() - started
            started = time.perf_counter()
            rel_summary = writer.merge_relationships(
                "BENCH_LINK",
                "BenchNode",
                "BenchNode",
                relationship_rows(relationships, nodes, seed),
            )
            rel_seconds = time.perf_counter() - started
        finally:
            for statement in graph.queries.statements("bench/teardown"):
                graph.run_autocommit(statement)
    total_seconds = node_seconds + rel_seconds
    return {
        "nodes": node_summary.nodes_created,
        "relationships": rel_summary.relationships_created,
        "batch_size": batch_size,
        "workers": workers,
        "node_rows_per_second": round(nodes / node_seconds),
        "relationship_rows_per_second": round(relationships / rel_seconds),
        "total_rows_per_second": round((nodes + relationships) / total_seconds),
        "seconds": round(total_seconds, 2),
        "target_rows_per_second": 20000,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--nodes", type=int, default=200_000)
    parser.add_argument("--relationships", type=int, default=200_000)
    parser.add_argument("--batch-size", type=int, default=5_000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    emit(run(args.nodes, args.relationships, args.batch_size, args.seed, args.workers))


if __name__ == "__main__":
    run_main(main)
