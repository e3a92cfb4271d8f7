"""One large Markdown file through ``load_documents``: MB per minute and peak memory.

Run against a throwaway server (its own TASKSPACE_HOME and ports; see docs/benchmarks.md):

    python -m bench.doc_large_bench --mb 50

The input is real text: the EIP Markdown files in the shared data (or any ``--source``
files) repeated, every copy's headings renamed so that sections and chunk ids stay distinct,
until the file reaches ``--mb`` megabytes. The phases are timed separately (parse, rows =
chunking + entities, then the whole load with embeddings and writes; the model's share is
estimated by embedding 512 of the chunks alone first), and the peak resident
memory of this process is read from the kernel (``VmHWM``). The document is removed again.
"""

from __future__ import annotations

import argparse
import re
import resource
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.load import emit
from taskspace.core.settings import load_settings
from taskspace.graph.connection import Graph
from taskspace.graph.ids import file_checksum
from taskspace.graph.provenance import source_id
from taskspace.models.embeddings import embed
from taskspace.sources.documents.graph_rows import document_rows
from taskspace.sources.documents.loader import SOURCE_KIND, LoadOptions, load_documents
from taskspace.sources.documents.node_ids import document_key
from taskspace.sources.documents.parse import parse_file

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "documents" / "html_md"
_FRONT_MATTER = re.compile(r"\A---\n.*?\n---\n", re.S)
_HEADING = re.compile(r"^(#{1,6}) (.*)$", re.M)
_SAMPLE = 512
"""Chunks embedded alone to estimate the model's share of the load time."""


def make_input(sources: list[Path], megabytes: float, target: Path) -> int:
    """Write the repeated real text to ``target``; return its size in bytes."""
    bodies = [_FRONT_MATTER.sub("", path.read_text(encoding="utf-8")) for path in sources]
    limit = int(megabytes * 1_000_000)
    written = 0
    with target.open("w", encoding="utf-8") as out:
        out.write("---\ntitle: Large document benchmark\n---\n\n")
        copy = 0
        while written < limit:
            body = bodies[copy % len(bodies)]
            text = _HEADING.sub(rf"\1 \2 (part {copy})", body)
            out.write(text + "\n\n")
            written += len(text.encode("utf-8")) + 2
            copy += 1
    return target.stat().st_size


def peak_rss_mb() -> float:
    """The process's peak resident set size so far, in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def run(megabytes: float, sources: list[Path], part_size: int, load: bool) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="doc-large-") as folder:
        path = Path(folder) / "large.md"
        size = make_input(sources, megabytes, path)
        started = time.perf_counter()
        document = parse_file(path)
        parse_s = time.perf_counter() - started
        started = time.perf_counter()
        rows = document_rows(document, "bench", LoadOptions().chunk_chars, path.name)
        rows_s = time.perf_counter() - started
        elements, chunks = len(rows.elements), len(rows.chunks)  # parsed, not rows
        sample = rows.chunk_texts[:_SAMPLE]
        del rows, document
        embed(sample[:8], batch_size=LoadOptions().embed_batch_size)  # the model, loaded
        started = time.perf_counter()
        embed(sample, batch_size=LoadOptions().embed_batch_size)
        sample_s = max(1e-9, time.perf_counter() - started)
        embed_estimate_s = sample_s * chunks / max(1, len(sample))
        result: dict[str, Any] = {
            "megabytes": round(size / 1_000_000, 2),
            "elements": elements,
            "chunks": chunks,
            "parse_s": round(parse_s, 1),
            "rows_s": round(rows_s, 1),
            "embed_estimate_s": round(embed_estimate_s, 1),
            "model_chunks_per_s": round(len(sample) / sample_s, 1) if sample else 0.0,
        }
        if not load:
            return {**result, "peak_rss_mb": round(peak_rss_mb())}
        graph = Graph(load_settings())
        try:
            started = time.perf_counter()
            report = load_documents(graph, [path], options=LoadOptions(part_size=part_size))
            load_s = time.perf_counter() - started
            graph.run_autocommit(
                graph.queries.text("documents/remove_sources"),
                sources=[source_id(SOURCE_KIND, document_key(path, path), file_checksum(path))],
            )
        finally:
            graph.close()
    return {
        **result,
        "load_s": round(load_s, 1),
        "mb_per_minute": round(size / 1_000_000 / (load_s / 60), 3),
        "peak_rss_mb": round(peak_rss_mb()),
        "loaded": len(report.loaded),
        "failed": report.failed,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=50.0, help="size of the generated file")
    parser.add_argument("--source", type=Path, nargs="*", help="real Markdown files to repeat")
    parser.add_argument("--part-size", type=int, default=LoadOptions().part_size)
    parser.add_argument(
        "--no-load",
        action="store_true",
        help="parse, build rows and sample the model only (memory of a file too large to load "
        "in the time at hand)",
    )
    args = parser.parse_args()
    sources = args.source or sorted(SHARED.glob("*.md"))
    if not sources:
        raise SystemExit(f"no Markdown sources: give --source or provide {SHARED}")
    emit(run(args.mb, sources, args.part_size, not args.no_load))


if __name__ == "__main__":
    main()
