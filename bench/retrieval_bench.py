"""Chunk retrieval latency over Bolt against exact FAISS search in one process.

Run against the configured graph (use a throwaway server, see docs/benchmarks.md):
    python -m bench.retrieval_bench --chunks 10000 --queries 300
It writes ``--chunks`` synthetic :Chunk nodes with BatchedWriter under a :Source of its
own (removed afterwards unless ``--keep``). Their vectors are random unit vectors: fine
for timing, meaningless for quality. Then, for the same query vectors (a stored vector
plus noise), it times:

- taskspace: ``retrieve(graph, …, retriever, k, vector=…)``, i.e. neo4j-graphrag's
  retriever over the ``chunk_embedding`` HNSW index, one managed read over Bolt, rows
  turned into RetrievedItems (the question's embedding is given, so the model is not timed);
- in one process: FAISS ``IndexFlatIP`` (exact inner product) over the same vectors.

It prints JSON: p50 and p95 in milliseconds both ways, their ratio, and recall@k of the
server's approximate index against FAISS's exact answer.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Iterator
from typing import Any

import faiss
import numpy as np
from numpy.typing import NDArray

from bench.load import emit, stamped
from taskspace.core.settings import load_settings
from taskspace.graph.connection import Graph
from taskspace.graph.provenance import record_source
from taskspace.graph.schema import wait_for_indexes
from taskspace.graph.writer import BatchedWriter
from taskspace.retrieval.retrieve import retrieve

Vectors = NDArray[np.float32]
SOURCE_URI = "bench:retrieval"
WARM_UP = 30


def unit(matrix: Vectors) -> Vectors:
    norms = np.linalg.norm(matrix, axis=-1, keepdims=True)
    normalised: Vectors = (matrix / norms).astype(np.float32)
    return normalised


def write(graph: Graph, vectors: Vectors) -> str:
    source = record_source(graph, "bench", SOURCE_URI)
    rows = (
        {
            "id": f"bench:chunk:{index}",
            "props": {
                "text": f"synthetic chunk {index}",
                "embedding": vector.tolist(),
                "source": source,
            },
        }
        for index, vector in enumerate(vectors)
    )
    BatchedWriter(graph, batch_size=2000).merge_nodes(["Chunk"], rows)
    wait_for_indexes(graph, 600)
    return source


def queries(vectors: Vectors, count: int, seed: int) -> Iterator[Vectors]:
    """A question near a stored chunk: its vector plus noise."""
    rng = np.random.default_rng(seed + 1)
    for position in rng.integers(0, len(vectors), count):
        yield unit(vectors[position] + 0.5 * unit(rng.standard_normal(384).astype(np.float32)))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def summary(values: list[float]) -> dict[str, float]:
    return {"p50": round(statistics.median(values), 2), "p95": round(percentile(values, 0.95), 2)}


def run(chunks: int, count: int, k: int, retriever: str, seed: int, keep: bool) -> dict[str, Any]:
    rng = np.random.default_rng(seed)
    vectors = unit(rng.standard_normal((chunks, 384)).astype(np.float32))
    faiss.omp_set_num_threads(1)  # one query at a time: threads only add hand-off cost
    index = faiss.IndexFlatIP(384)
    index.add(vectors)
    with Graph(load_settings()) as graph:
        graph.verify()
        started = time.perf_counter()
        source = write(graph, vectors)
        load_seconds = time.perf_counter() - started
        try:
            bolt: list[float] = []
            local: list[float] = []
            recall: list[float] = []
            for number, vector in enumerate(queries(vectors, count + WARM_UP, seed)):
                started = time.perf_counter()
                found = retrieve(graph, "synthetic", retriever, k, vector=vector.tolist())
                ms_bolt = (time.perf_counter() - started) * 1000
                started = time.perf_counter()
                _, exact = index.search(vector.reshape(1, -1), k)
                ms_local = (time.perf_counter() - started) * 1000
                if number < WARM_UP:
                    continue  # connection pool, query plan, caches
                bolt.append(ms_bolt)
                local.append(ms_local)
                expected = {f"bench:chunk:{position}" for position in exact[0]}
                recall.append(len(expected & {item.node_id for item in found.items}) / k)
        finally:
            if not keep:
                graph.run_autocommit(graph.queries.text("bench/remove_chunks"), source=source)
    bolt_ms, local_ms = summary(bolt), summary(local)
    return stamped(
        {
            "chunks": chunks,
            "vectors": "random unit vectors (timing only)",
            "retriever": retriever,
            "k": k,
            "queries": count,
            "load_seconds": round(load_seconds, 1),
            "bolt_ms": bolt_ms,
            "faiss_exact_ms": local_ms,
            "ratio_bolt_to_faiss": {
                "p50": round(bolt_ms["p50"] / local_ms["p50"], 2),
                "p95": round(bolt_ms["p95"] / local_ms["p95"], 2),
            },
            "recall_at_k": round(statistics.mean(recall), 3),
            "target_ratio_p95": 1.5,
        }
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--chunks", type=int, nargs="+", default=[10_000])
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("-k", type=int, default=5)
    parser.add_argument("--retriever", default="vector")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--keep", action="store_true", help="Leave the synthetic chunks in place.")
    args = parser.parse_args()
    results = [
        run(size, args.queries, args.k, args.retriever, args.seed, args.keep)
        for size in args.chunks
    ]
    emit(results)


if __name__ == "__main__":
    main()
