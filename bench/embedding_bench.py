"""Embedding throughput: PyTorch against ONNX Runtime and OpenVINO, side by side on real chunks.

    python -m bench.embedding_bench [PATH ...] [--rounds 3] [--limit N] [--batch-size 64]

Without paths it chunks every document of ../shared/data/documents (Markdown, HTML, PDF) and
the MkDocs site pages of ../shared/data/web as the loader does. Each round times every
backend on the same chunks, alternating the order, and prints the load average beside each
figure (the machine is shared). OpenVINO runs the same graph as ONNX Runtime, in bfloat16
where the CPU multiplies it natively (``openvino_precision`` says which). Then it compares
the vectors (cosine min and mean of each against PyTorch) and recall@10 of each on a
retrieval set made from the documents themselves, since the project has no labelled real
query set: each section heading is a query and the chunks of that section are its relevant
answers.

The backends do the same arithmetic, so their speed is bounded by how fast the machine
multiplies matrices: each backend's rate is also given in GFLOP/s (the model's multiply-adds
on real tokens, padding not counted) beside the machine's own float32 matrix-multiply peak,
measured in the same run with NumPy's BLAS on every core. Prints JSON on stdout, and each
round's figures on stderr as the round ends.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from bench.load import emit, load_average
from bench.machine import matmul_peak
from taskspace.core.files import iter_files
from taskspace.models.embeddings import torch_matrix
from taskspace.models.embeddings.model import get_encoder
from taskspace.sources.documents.chunking import DEFAULT_CHUNK_CHARS, Chunk, chunk_document
from taskspace.sources.documents.parse import parse_file

PROJECT = Path(__file__).resolve().parents[1]
SHARED = PROJECT.parent / "shared" / "data"
DEFAULT_INPUTS = [SHARED / "documents", SHARED / "web" / "mkdocs_org_site"]
SUFFIXES = {".md", ".html", ".htm", ".pdf"}
Embedder = Callable[[list[str]], NDArray[np.float32]]


def load(paths: list[Path]) -> list[tuple[str, Chunk]]:
    """(file, chunk) for every chunk of every readable document under ``paths``."""
    chunks: list[tuple[str, Chunk]] = []
    for file in iter_files(paths):
        if file.suffix.lower() in SUFFIXES:
            try:
                document = parse_file(file)
            except Exception as error:  # a bench reads whatever is there; say what it skipped
                print(f"skipped {file}: {error}", file=sys.stderr)
                continue
            chunks += [
                (str(file), chunk) for chunk in chunk_document(document, DEFAULT_CHUNK_CHARS)
            ]
    return chunks


def timed(embed: Embedder, texts: list[str]) -> tuple[float, NDArray[np.float32]]:
    started = time.perf_counter()
    vectors = embed(texts)
    return len(texts) / (time.perf_counter() - started), vectors


HIDDEN, LAYERS = 384, 6
"""all-MiniLM-L6-v2's width and depth."""


def model_flops(lengths: list[int]) -> float:
    """FLOPs (a multiply-add counts 2) of the encoder on texts of these token lengths: per
    token and layer the four attention projections and the feed-forward pair (12 h² weights)
    and the two attention products over the text's own length (2 L h multiply-adds)."""
    return float(sum(LAYERS * (24 * HIDDEN * HIDDEN + 4 * n * HIDDEN) * n for n in lengths))


def recall_at_10(
    chunks: list[tuple[str, Chunk]], vectors: NDArray[np.float32], embed: Embedder
) -> tuple[float, int]:
    """Share of heading queries with one of their own section's chunks in the top 10."""
    sections: dict[tuple[str, tuple[str, ...]], set[int]] = {}
    for index, (file, chunk) in enumerate(chunks):
        for path in chunk.heading_paths:  # a chunk packs short sibling sections
            sections.setdefault((file, tuple(path)), set()).add(index)
    queries = [(path[-1], relevant) for (_, path), relevant in sections.items()]
    if not queries:
        return 0.0, 0
    scores = embed([question for question, _ in queries]) @ vectors.T
    top = np.argsort(-scores, axis=1)[:, :10]
    pairs = zip(queries, top, strict=True)
    hits = [bool(relevant & set(row.tolist())) for (_, relevant), row in pairs]
    return sum(hits) / len(hits), len(hits)


def run(paths: list[Path], rounds: int, limit: int | None, batch_size: int) -> dict[str, Any]:
    chunks = load(paths)[:limit]
    texts = [chunk.text for _, chunk in chunks]
    backends: dict[str, Embedder] = {
        "torch": lambda batch: torch_matrix(batch, batch_size),
        "onnx": lambda batch: get_encoder().encode(batch, batch_size),
        "openvino": lambda batch: get_encoder("openvino").encode(batch, batch_size),
    }
    for embed in backends.values():
        embed(texts[:32])  # loads (and, the first time, builds) each model and warms it
    rates: dict[str, list[float]] = {name: [] for name in backends}
    vectors: dict[str, NDArray[np.float32]] = {}
    rows = []
    for round_ in range(rounds):
        order = list(backends) if round_ % 2 == 0 else list(reversed(backends))
        for name in order:
            load_before = load_average()[0]
            rate, vectors[name] = timed(backends[name], texts)
            rates[name].append(rate)
            rows.append(
                {
                    "round": round_,
                    "backend": name,
                    "chunks_per_s": round(rate, 1),
                    "load": load_before,
                }
            )
            print(json.dumps(rows[-1]), file=sys.stderr, flush=True)  # progress
    peak = matmul_peak()
    lengths = [len(tokens.ids) for tokens in get_encoder().tokenizer.encode_batch(texts)]
    flops = model_flops(lengths)
    cosines = {
        name: (vectors[name] * vectors["torch"]).sum(axis=1) for name in backends if name != "torch"
    }
    recalls = {name: recall_at_10(chunks, vectors[name], backends[name]) for name in backends}
    medians = {name: statistics.median(values) for name, values in rates.items()}
    return {
        "chunks": len(texts),
        "mean_chars": round(statistics.mean(len(text) for text in texts), 1),
        "batch_size": batch_size,
        "median_chunks_per_s": {name: round(value, 1) for name, value in medians.items()},
        "speedup": round(medians["onnx"] / medians["torch"], 2),
        "speedup_by_backend": {
            name: round(value / medians["torch"], 2) for name, value in medians.items()
        },
        "openvino_precision": getattr(get_encoder("openvino").session, "precision", None),
        "mean_tokens": round(statistics.mean(lengths), 1),
        "gflops_per_s": {
            name: round(flops * value / len(texts) / 1e9, 1) for name, value in medians.items()
        },
        "peak_gflops_per_s": round(peak, 1),
        "cosine_min": round(float(cosines["onnx"].min()), 5),
        "cosine_mean": round(float(cosines["onnx"].mean()), 5),
        "cosine_by_backend": {
            name: {"min": round(float(c.min()), 5), "mean": round(float(c.mean()), 5)}
            for name, c in cosines.items()
        },
        "recall_at_10": {name: round(value[0], 4) for name, value in recalls.items()},
        "queries": recalls["onnx"][1],
        "load_average": load_average(),
        "rounds": rows,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=Path)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--limit", type=int, default=None, help="at most this many chunks")
    parser.add_argument("--batch-size", type=int, default=64)
    args = parser.parse_args()
    paths = args.paths or [path for path in DEFAULT_INPUTS if path.exists()]
    if not paths:
        raise SystemExit("no inputs: give paths, or put the shared data at ../shared/data")
    emit(run(paths, args.rounds, args.limit, args.batch_size))


if __name__ == "__main__":
    main()
