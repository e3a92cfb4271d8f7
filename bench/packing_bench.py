"""Chunk packing on real documents: one chunk per section's text against packed siblings.

    python -m bench.packing_bench [PATH ...] [--rounds 3] [--tasks FILE --root DIR]

Without paths it reads ../shared/data/documents and the MkDocs site pages of
../shared/data/web (give more folders, e.g. EIPs, as paths). Every document is chunked both
ways (``chunk_document(..., pack=False)`` is the chunking before packing) and both chunk
sets are embedded with the loader's model, alternating which goes first, with the load
average beside each time. Recall@10 uses the documents themselves, since the project has no
labelled real query set: each section's heading is a query and the chunks holding that
section's text are its answers (the same rule as ``bench.embedding_bench``). With
``--tasks`` (tasks of ``kg sample doc`` on files loaded from ``--root``) each task's prompt is
a query too, answered by the chunks holding a paragraph or section the task is grounded in.
Fewer chunks make the top 10 a larger share of a document, so recall@1 and MRR are printed
too. Prints JSON.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from bench.embedding_bench import DEFAULT_INPUTS, SUFFIXES
from bench.load import emit, load_average
from taskspace.core.files import iter_files
from taskspace.models.embeddings import embed_matrix
from taskspace.sources.documents.chunking import Chunk, chunk_document, section_path
from taskspace.sources.documents.model import ElementKind, ParsedDocument
from taskspace.sources.documents.node_ids import document_key, element_id
from taskspace.sources.documents.parse import parse_file

WAYS = {"one_per_section": False, "packed": True}


def documents(paths: list[Path]) -> list[ParsedDocument]:
    parsed = []
    for file in iter_files(paths):
        if file.suffix.lower() in SUFFIXES:
            try:
                parsed.append(parse_file(file))
            except Exception as error:  # a bench reads whatever is there; say what it skipped
                print(f"skipped {file}: {error}")
    return parsed


def heading_questions(
    docs: list[ParsedDocument], chunks: list[tuple[str, Chunk]]
) -> list[tuple[str, set[int]]]:
    """Each section's heading, answered by the chunks that hold that section's text."""
    holders: dict[tuple[str, tuple[str, ...]], set[int]] = {}
    for index, (file, chunk) in enumerate(chunks):
        for path in chunk.heading_paths:
            holders.setdefault((file, tuple(path)), set()).add(index)
    sections = dict.fromkeys(
        (doc.path, tuple(section_path(element)))
        for doc in docs
        for element in doc.elements
        if element.kind is ElementKind.SECTION and element.text.strip()
    )
    return [(path[-1], holders[(file, path)]) for file, path in sections if (file, path) in holders]


def task_questions(
    tasks: list[dict[str, Any]], root: Path, chunks: list[tuple[str, Chunk]]
) -> list[tuple[str, set[int]]]:
    """Each sampled task's prompt, answered by the chunks holding a paragraph or section it
    is grounded in (element ids are made from the key under ``root``, as the loader does)."""
    holders: dict[str, set[int]] = {}
    for index, (file, chunk) in enumerate(chunks):
        path = Path(file)
        if path.is_relative_to(root):
            key = document_key(path, root)
            for position in chunk.positions:
                holders.setdefault(element_id(key, position), set()).add(index)
    found = []
    for task in tasks:
        grounded = [g["id"] for g in task["grounding"] if g["label"] in ("Paragraph", "Section")]
        relevant = set().union(*(holders.get(node, set()) for node in grounded))
        if relevant:
            found.append((str(task["prompt"]), relevant))
    return found


def ranks(questions: list[tuple[str, set[int]]], vectors: NDArray[np.float32]) -> dict[str, Any]:
    """Recall@10, recall@1 and MRR@10 of the chunks answering each question."""
    scores = embed_matrix([text for text, _ in questions]) @ vectors.T
    top = np.argsort(-scores, axis=1)[:, :10]
    first: list[int | None] = []
    for (_, relevant), row in zip(questions, top, strict=True):
        hits = [rank for rank, index in enumerate(row.tolist(), 1) if index in relevant]
        first.append(hits[0] if hits else None)
    return {
        "questions": len(first),
        "recall_at_10": round(sum(r is not None for r in first) / len(first), 4),
        "recall_at_1": round(sum(r == 1 for r in first) / len(first), 4),
        "mrr_at_10": round(sum(1 / r for r in first if r) / len(first), 4),
    }


def run(
    paths: list[Path], rounds: int, tasks: list[dict[str, Any]], root: Path | None
) -> dict[str, Any]:
    docs = documents(paths)
    chunks = {
        way: [(doc.path, chunk) for doc in docs for chunk in chunk_document(doc, pack=pack)]
        for way, pack in WAYS.items()
    }
    texts = {way: [chunk.text for _, chunk in found] for way, found in chunks.items()}
    embed_matrix(texts["packed"][:32])  # loads the model once, outside the timings
    seconds: dict[str, list[float]] = {way: [] for way in WAYS}
    vectors: dict[str, NDArray[np.float32]] = {}
    for round_ in range(rounds):
        for way in list(WAYS) if round_ % 2 == 0 else list(reversed(WAYS)):
            load = load_average()[0]
            started = time.perf_counter()
            vectors[way] = embed_matrix(texts[way])
            seconds[way].append(time.perf_counter() - started)
            row = {"round": round_, "way": way, "embed_s": round(seconds[way][-1], 2)}
            print(json.dumps({**row, "load": load}), flush=True)
    result: dict[str, Any] = {"documents": len(docs)}
    for way in WAYS:
        sizes = [len(text) for text in texts[way]]
        result[way] = {
            "chunks": len(sizes),
            "mean_chars": round(statistics.mean(sizes), 1),
            "median_chars": statistics.median(sizes),
            "chunks_under_300_chars": sum(size < 300 for size in sizes),
            "median_embed_s": round(statistics.median(seconds[way]), 2),
            "headings": ranks(heading_questions(docs, chunks[way]), vectors[way]),
        }
        if tasks and root is not None:
            asked = task_questions(tasks, root, chunks[way])
            result[way]["tasks"] = ranks(asked, vectors[way])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=Path)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--tasks", type=Path, help="JSONL of `kg sample doc` on the same files")
    parser.add_argument("--root", type=Path, help="the folder that `kg load docs` was given")
    args = parser.parse_args()
    tasks = [json.loads(line) for line in args.tasks.open()] if args.tasks else []
    paths = args.paths or [path for path in DEFAULT_INPUTS if path.exists()]
    if not paths:
        raise SystemExit("no inputs: give paths, or put the shared data at ../shared/data")
    emit(run(paths, args.rounds, tasks, args.root))


if __name__ == "__main__":
    main()
