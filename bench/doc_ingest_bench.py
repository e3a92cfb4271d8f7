"""Document ingestion against the embedding model's own cost on the same chunks.

Run against the configured graph (the local server by default):
    python -m bench.doc_ingest_bench [PATH ...] [--rounds 5] [--batch-size 64]
Without paths it takes the EIP Markdown files of ../shared/data, else the project's own
fixtures. Each round copies the files to a fresh folder (so every load is a first load),
embeds their chunk texts with the model alone and ingests them with the loader (model
first in even rounds, ingestion first in odd ones), and removes what the load wrote. The
model is loaded and the server's query plans are warm before the first round. Prints JSON:
both times per round with its order and load, their medians and
the overhead ratio (ingestion over model, minus one; also from the fastest run of each,
which suffers least from other work on a busy machine).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.load import emit, load_average
from taskspace.core.files import iter_files
from taskspace.core.settings import load_settings
from taskspace.graph.connection import Graph
from taskspace.graph.ids import file_checksum
from taskspace.graph.provenance import source_id
from taskspace.models.embeddings import embed_matrix
from taskspace.sources.documents.chunking import DEFAULT_CHUNK_CHARS, chunk_document
from taskspace.sources.documents.loader import SOURCE_KIND, LoadOptions, load_documents
from taskspace.sources.documents.node_ids import document_key
from taskspace.sources.documents.parse import parse_file

PROJECT = Path(__file__).resolve().parents[1]
REAL = PROJECT.parent / "shared" / "data" / "documents" / "html_md"
DEFAULT_INPUTS = [REAL / "eip-1559_fee_market.md", REAL / "eip-2718_typed_tx_envelope.md"]
FIXTURES = PROJECT / "tests" / "fixtures" / "documents_graph" / "linked"
TARGET_OVERHEAD = 0.25


def default_inputs() -> list[Path]:
    return DEFAULT_INPUTS if all(path.is_file() for path in DEFAULT_INPUTS) else [FIXTURES]


def model_seconds(texts: list[str], batch_size: int) -> float:
    started = time.perf_counter()
    embed_matrix(texts, batch_size)  # the backend the loader uses (TASKSPACE_EMBED_BACKEND)
    return time.perf_counter() - started


def ingest_seconds(graph: Graph, files: list[Path], options: LoadOptions) -> float:
    """One first load of copies of ``files``; what it wrote is removed afterwards."""
    with tempfile.TemporaryDirectory(prefix="doc-bench-") as folder:
        copies = [Path(shutil.copy(file, Path(folder) / file.name)) for file in files]
        started = time.perf_counter()
        report = load_documents(graph, copies, options=options)
        seconds = time.perf_counter() - started
        sources = [
            source_id(SOURCE_KIND, document_key(path, path), file_checksum(path)) for path in copies
        ]
        graph.run_autocommit(graph.queries.text("documents/remove_sources"), sources=sources)
    if report.failed:
        raise SystemExit(f"the load reported errors: {report.failed}")
    return seconds


def run(paths: list[Path], rounds: int, batch_size: int, chunk_chars: int) -> dict[str, Any]:
    files = list(iter_files(paths))
    started = time.perf_counter()
    documents = [parse_file(file) for file in files]
    parse_seconds = time.perf_counter() - started
    texts = [chunk.text for doc in documents for chunk in chunk_document(doc, chunk_chars)]
    options = LoadOptions(chunk_chars=chunk_chars, embed_batch_size=batch_size)
    model_times: list[float] = []
    ingest_times: list[float] = []
    loads: list[float] = []
    with Graph(load_settings()) as graph:
        graph.verify()
        model_seconds(texts, batch_size)  # loads the model and warms its kernels
        ingest_seconds(graph, files, options)  # warms the server's query plans
        for number in range(rounds):
            # Interleaved, and the order alternates per round: a load that drifts up or down
            # during the run then weighs on both alike instead of always on the second.
            if number % 2:
                ingest_times.append(ingest_seconds(graph, files, options))
                model_times.append(model_seconds(texts, batch_size))
            else:
                model_times.append(model_seconds(texts, batch_size))
                ingest_times.append(ingest_seconds(graph, files, options))
            loads.append(load_average()[0])
    model = statistics.median(model_times)
    ingest = statistics.median(ingest_times)
    overhead = ingest / model - 1
    best = min(ingest_times) / min(model_times) - 1
    return {
        "files": [str(file) for file in files],
        "chunks": len(texts),
        "chunk_chars": chunk_chars,
        "batch_size": batch_size,
        "rounds": rounds,
        "parse_seconds": round(parse_seconds, 3),
        "model_seconds": [round(value, 3) for value in model_times],
        "ingest_seconds": [round(value, 3) for value in ingest_times],
        "round_order": ["model first" if n % 2 == 0 else "ingest first" for n in range(rounds)],
        "round_load_average_1min": loads,
        "model_median_seconds": round(model, 3),
        "ingest_median_seconds": round(ingest, 3),
        "overhead_ratio": round(overhead, 3),
        "overhead_ratio_of_fastest_runs": round(best, 3),
        "target_overhead_ratio": TARGET_OVERHEAD,
        "meets_target": overhead <= TARGET_OVERHEAD,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("paths", nargs="*", type=Path)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--chunk-chars", type=int, default=DEFAULT_CHUNK_CHARS)
    args = parser.parse_args()
    paths = args.paths or default_inputs()
    emit(run(paths, args.rounds, args.batch_size, args.chunk_chars))


if __name__ == "__main__":
    main()
