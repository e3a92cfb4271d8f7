"""Chunk retrieval over Bolt for several candidate pools, against exact search.

Run against the configured graph (use a throwaway server, see docs/benchmarks.md):
    python -m bench.retrieval_bench --chunks 10000 --queries 200 --ratios 1 2 5 10
Chunks are real text: paragraphs of the Markdown, reStructuredText and plain-text files
under ``--text`` (default: this Python's site-packages and /usr/share/doc, gzip included),
packed per file up to 1,000 characters and de-duplicated; their vectors come from the
project's embedding model (cached in ``--cache`` when given, with a hash of the text
beside it in ``<cache>.sha256``: other text is embedded again). The first ``--chunks`` are
written as :Chunk nodes under a :Source of the bench's own (removed afterwards unless
``--keep``); the questions are the vectors of ``--queries`` other chunks, never stored.

For each ``--ratios`` value it times ``retrieve(graph, …, "vector", k, vector=…,
search_ratio=ratio)`` (neo4j-graphrag's retriever over the ``chunk_embedding`` HNSW index,
one managed read over Bolt; the question's embedding is given, so the model is not timed),
and FAISS ``IndexFlatIP`` in this process for reference, and a managed read that does no
work (one Bolt round trip). ``index_search`` times the vector index's own search per
candidate pool as the server reports it (``result_available_after`` plus
``result_consumed_after``) beside its wall time. Recall@k is against exact search:
brute-force cosine in numpy over every stored vector. Prints JSON per size: p50 and p95 in
milliseconds, recall@k and the load average, per ratio.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import statistics
import sys
import sysconfig
import time
from collections.abc import Iterator
from pathlib import Path
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
from taskspace.models.embeddings import embed_matrix
from taskspace.retrieval.retrieve import retrieve

Vectors = NDArray[np.float32]
SOURCE_URI = "bench:retrieval"
WARM_UP = 20
CHUNK_CHARS = 1000
DEFAULT_TEXT = [Path(sysconfig.get_paths()["purelib"]), Path("/usr/share/doc")]
SUFFIXES = (".md", ".rst", ".txt")


def text_files(folders: list[Path]) -> Iterator[Path]:
    for folder in folders:
        for path in sorted(folder.rglob("*")):
            name = path.name.removesuffix(".gz")
            if path.is_file() and (name.endswith(SUFFIXES) or name.startswith("README")):
                yield path


def paragraphs(path: Path) -> list[str]:
    """The prose blocks of one file: at least 8 words, mostly letters."""
    try:
        raw = gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes()
        text = raw.decode("utf-8")
    except (OSError, UnicodeDecodeError, EOFError, gzip.BadGzipFile):
        return []
    blocks = (" ".join(block.split()) for block in text.split("\n\n"))
    return [b for b in blocks if len(b.split()) >= 8 and sum(c.isalpha() for c in b) > 0.6 * len(b)]


def real_chunks(folders: list[Path], wanted: int) -> list[str]:
    """Consecutive paragraphs of one file packed up to CHUNK_CHARS, each text once."""
    seen: set[str] = set()
    chunks: list[str] = []
    for path in text_files(folders):
        current = ""
        for block in [*paragraphs(path), ""]:
            if current and (not block or len(current) + len(block) + 1 > CHUNK_CHARS):
                if current not in seen:
                    seen.add(current)
                    chunks.append(current)
                current = ""
            current = f"{current} {block}".strip()[:CHUNK_CHARS] if block else current
        if len(chunks) >= wanted:
            break
    return chunks[:wanted]


def vectors_for(texts: list[str], cache: Path | None) -> Vectors:
    """The chunks' vectors, from ``cache`` when it was made from these very texts. A text
    set that changed (a package installed into a folder read) can keep its count, and old
    vectors would then pair silently with other chunks, so the cache keeps a hash of its
    texts beside it."""
    if cache is None:
        return embedded(texts)
    digest = hashlib.sha256("".join(f"{text}\0" for text in texts).encode()).hexdigest()
    stamp = cache.with_name(cache.name + ".sha256")
    if cache.is_file():
        if stamp.is_file() and stamp.read_text().strip() == digest:
            stored: Vectors = np.load(cache)
            return stored
        stale = f"{cache} was not made from these {len(texts)} chunks: embedding again"
        print(stale, file=sys.stderr)
    vectors = embedded(texts)
    cache.parent.mkdir(parents=True, exist_ok=True)
    np.save(cache, vectors)
    stamp.write_text(digest + "\n")
    return vectors


def embedded(texts: list[str]) -> Vectors:
    started = time.perf_counter()
    vectors = embed_matrix(texts)
    print(f"embedded {len(texts)} chunks in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    return vectors


def write(graph: Graph, texts: list[str], vectors: Vectors) -> str:
    source = record_source(graph, "bench", SOURCE_URI)
    rows = (
        {
            "id": f"bench:chunk:{index}",
            "props": {"text": text, "embedding": vector.tolist(), "source": source},
        }
        for index, (text, vector) in enumerate(zip(texts, vectors, strict=True))
    )
    BatchedWriter(graph, batch_size=2000).merge_nodes(["Chunk"], rows)
    wait_for_indexes(graph, 1200)
    return source


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def summary(values: list[float]) -> dict[str, float]:
    return {"p50": round(statistics.median(values), 2), "p95": round(percentile(values, 0.95), 2)}


def measure(
    graph: Graph, stored: Vectors, questions: Vectors, k: int, ratio: int
) -> dict[str, Any]:
    """Bolt latency and recall@k against brute-force cosine, for one candidate pool."""
    exact = np.argsort(-(questions @ stored.T), axis=1, kind="stable")[:, :k]
    latency: list[float] = []
    recall: list[float] = []
    for number, vector in enumerate(questions):
        started = time.perf_counter()
        found = retrieve(graph, "bench", "vector", k, vector=vector.tolist(), search_ratio=ratio)
        elapsed = (time.perf_counter() - started) * 1000
        if number < WARM_UP:
            continue  # connection pool, query plan, caches
        latency.append(elapsed)
        expected = {f"bench:chunk:{position}" for position in exact[number]}
        recall.append(len(expected & {item.node_id for item in found.items}) / k)
    return stamped(
        {"search_ratio": ratio, "bolt_ms": summary(latency), "recall": round(np.mean(recall), 3)}
    )


def server_search_ms(graph: Graph, questions: Vectors, candidates: int) -> dict[str, Any]:
    """The vector index's search alone, as the server times it (until its first record is
    available, plus until the last is consumed) beside the wall time of the same call:
    where a retrieval's milliseconds go besides the round trip."""
    query = graph.queries.text("bench/vector_search")
    server: list[float] = []
    wall: list[float] = []
    with graph.session() as session:
        for number, vector in enumerate(questions):
            started = time.perf_counter()
            result = session.run(query, candidates=candidates, vector=vector.tolist())
            result.data()
            done = result.consume()
            elapsed = (time.perf_counter() - started) * 1000
            if number < WARM_UP:
                continue
            server.append(
                float((done.result_available_after or 0) + (done.result_consumed_after or 0))
            )
            wall.append(elapsed)
    return {"candidates": candidates, "server_ms": summary(server), "wall_ms": summary(wall)}


def round_trip_ms(graph: Graph, count: int) -> dict[str, float]:
    """A managed read that does no work, over the same driver: the part of every Bolt figure
    that no index can remove (the 10k gap to an in-process scan is about this)."""
    times = []
    for number in range(count + WARM_UP):
        started = time.perf_counter()
        graph.read("bench/round_trip", value=number)
        if number >= WARM_UP:
            times.append((time.perf_counter() - started) * 1000)
    return summary(times)


def faiss_ms(stored: Vectors, questions: Vectors, k: int) -> dict[str, float]:
    faiss.omp_set_num_threads(1)  # one query at a time: threads only add hand-off cost
    index = faiss.IndexFlatIP(stored.shape[1])
    index.add(stored)
    times = []
    for vector in questions[WARM_UP:]:
        started = time.perf_counter()
        index.search(vector.reshape(1, -1), k)
        times.append((time.perf_counter() - started) * 1000)
    return summary(times)


def run(
    chunks: int,
    count: int,
    k: int,
    ratios: list[int],
    texts: list[str],
    vectors: Vectors,
    keep: bool,
) -> dict[str, Any]:
    stored, questions = vectors[:chunks], vectors[chunks : chunks + count + WARM_UP]
    with Graph(load_settings()) as graph:
        graph.verify()
        started = time.perf_counter()
        source = write(graph, texts[:chunks], stored)
        load_seconds = time.perf_counter() - started
        try:
            by_ratio = [measure(graph, stored, questions, k, ratio) for ratio in ratios]
            search = [server_search_ms(graph, questions, k * ratio) for ratio in ratios]
            round_trip = round_trip_ms(graph, count)
        finally:
            if not keep:
                graph.run_autocommit(graph.queries.text("bench/remove_chunks"), source=source)
    return stamped(
        {
            "chunks": chunks,
            "vectors": "real text chunks, all-MiniLM-L6-v2",
            "k": k,
            "queries": count,
            "load_seconds": round(load_seconds, 1),
            "by_search_ratio": by_ratio,
            "index_search": search,
            "bolt_round_trip_ms": round_trip,
            "faiss_flat_exact_ms": faiss_ms(stored, questions, k),
        }
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--chunks", type=int, nargs="+", default=[10_000])
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("-k", type=int, default=10)
    parser.add_argument("--ratios", type=int, nargs="+", default=[1, 2, 5, 10])
    parser.add_argument("--text", type=Path, nargs="+", default=DEFAULT_TEXT)
    parser.add_argument("--cache", type=Path, help="an .npy file for the chunk vectors")
    parser.add_argument("--keep", action="store_true", help="Leave the chunks in place.")
    args = parser.parse_args()
    wanted = max(args.chunks) + args.queries + WARM_UP
    texts = real_chunks(args.text, wanted)
    if len(texts) < wanted:
        raise SystemExit(f"only {len(texts)} distinct chunks of text under {args.text}")
    vectors = vectors_for(texts, args.cache)
    emit(
        [
            run(size, args.queries, args.k, args.ratios, texts, vectors, args.keep)
            for size in args.chunks
        ]
    )


if __name__ == "__main__":
    main()
