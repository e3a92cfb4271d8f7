"""Grow a graph for the sampling benchmark: copies of real documents through the loader.

Run against a throwaway server (its own TASKSPACE_HOME and ports; see docs/benchmarks.md):

    python -m bench.sampling_graph --copies 1000

Each copy is a parsed shared document (``../shared/data/documents`` by default) under its
own path and with ``(copy N)`` after its title, written by the document loader's own
writer (structure, chunks, entities, chunk vectors, SIMILAR_TO to the one nearest chunk).
Copies share their chunk texts with the original, so the model embeds every distinct text
once (the model alone would take hours). A copy's vectors are the originals' turned by a
rotation of its own, seeded by the copy's number: within a copy every cosine stays what the
model gave, while copies lie as far apart as unrelated texts. Thousands of identical vectors
would instead fill the vector index's neighbour lists with ties, which makes each insert and
each nearest-chunk query slower as copies are added, not a cost a real corpus pays; and the
samplers' repeat check, which reads these vectors as a task's content, would take the same
passage in two copies for one text, which two real documents are not.
Cross-document edges (LINKS_TO, SHARES_ENTITY) are resolved for the originals only.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future
from pathlib import Path
from queue import Queue
from typing import Any, TypeVar

import numpy as np
from numpy.typing import NDArray

from bench.entry import run_main
from bench.load import emit
from taskspace.core.files import iter_files
from taskspace.core.settings import load_settings
from taskspace.graph.connection import Graph
from taskspace.models.embeddings import embed_matrix
from taskspace.sources.documents.loader import DocumentLoader, LoadOptions
from taskspace.sources.documents.model import ParsedDocument
from taskspace.sources.documents.parse import is_supported, parse_file

T = TypeVar("T")
SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "documents"


class CachedLoader(DocumentLoader):
    """The document loader, with the model asked only for texts it has not embedded yet."""

    def __init__(self, graph: Graph) -> None:
        super().__init__(graph, LoadOptions(neighbours=1))
        self.vectors: dict[str, NDArray[np.float32]] = {}
        self.rotation: NDArray[np.float32] | None = None
        """The rotation of the copy being added (``None``: the vectors as the model gave them)."""
        # Lookups, not the model, after the first copy: embedding in the caller's thread
        # costs nothing and guarantees each document is turned by its own copy's rotation.
        self._embedder.shutdown()
        self._embedder = InlineExecutor()

    def _embed(
        self,
        texts: list[str],
        starts: list[int],
        slices: Queue[tuple[int, NDArray[np.float32]]],
    ) -> None:
        """Every text in one slice (the bench loads into an empty graph: nothing to resume)."""
        missing = sorted({text for text in texts if text not in self.vectors})
        for text, vector in zip(missing, embed_matrix(missing), strict=True):
            self.vectors[text] = vector
        matrix = np.stack([self.vectors[text] for text in texts]) if texts else np.empty((0, 384))
        if self.rotation is not None:
            matrix = matrix @ self.rotation
        slices.put((0, matrix.astype(np.float32)))


class InlineExecutor(Executor):
    """Runs what is submitted at once, in the caller's thread."""

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        future: Future[T] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as error:  # handed over as the pool would hand it over
            future.set_exception(error)
        return future


def rotation(seed: int, size: int = 384) -> NDArray[np.float32]:
    """A random orthogonal matrix: it keeps lengths and every cosine between the vectors it
    turns. QR of a Gaussian matrix, with R's diagonal signs folded in so the draw is uniform."""
    gaussian = np.random.default_rng(seed).standard_normal((size, size))
    q, r = np.linalg.qr(gaussian)
    return (q * np.sign(np.diag(r))).astype(np.float32)


def copy_of(document: ParsedDocument, number: int) -> ParsedDocument:
    path = Path(document.path)
    return document.model_copy(
        update={
            "path": str(path.parent / f"copy-{number:05d}" / path.name),
            "title": f"{document.title} (copy {number})",
        }
    )


def grow(graph: Graph, sources: list[Path], copies: int, first: int) -> dict[str, float]:
    _refuse_missing(sources)
    # Only documents: the shared folder keeps reference parses (.xml, .json) beside its PDFs.
    documents = [parse_file(file) for file in iter_files(sources) if is_supported(file)]
    if not documents:
        raise SystemExit(f"no PDF, HTML or Markdown files under {', '.join(map(str, sources))}")
    loader = CachedLoader(graph)
    started = time.perf_counter()
    try:
        for number in range(first, first + copies):
            loader.rotation = rotation(number)
            for document in documents:
                copy = copy_of(document, number)
                loader.add(copy, f"copy-{number:05d}/{Path(copy.path).name}")
            if number % 50 == 0:
                elapsed = time.perf_counter() - started
                print(f"copy {number}: {elapsed:.0f} s", file=sys.stderr, flush=True)
        loader.flush()
        # The names tasks show (a copy's title says its number); a load's finish() would
        # also relink every document, which the copies do not need.
        graph.write_text(graph.queries.text("documents/shown_names"))
    finally:
        loader.close()
    nodes = graph.read("graph/node_count")[0]["count"]
    return {"nodes": nodes, "seconds": round(time.perf_counter() - started, 1)}


def _refuse_missing(sources: list[Path]) -> None:
    missing = [str(source) for source in sources if not source.exists()]
    if missing:
        raise SystemExit(f"no such file or folder: {', '.join(missing)}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--source", type=Path, action="append")
    parser.add_argument("--copies", type=int, default=100)
    parser.add_argument("--first", type=int, default=1, help="number of the first copy")
    args = parser.parse_args(argv)
    _refuse_missing(args.source or [SHARED])  # before connecting: say what is wrong first
    with Graph(load_settings()) as graph:
        result = grow(graph, args.source or [SHARED], args.copies, args.first)
    emit(result)


if __name__ == "__main__":
    run_main(main)
