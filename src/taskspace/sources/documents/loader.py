"""Puts parsed documents into the graph: structure, chunks, embeddings, entities, links.

Per document the writes are few and batched (``UNWIND $rows``), and the embedding model
runs in a worker thread while the structure is written, so the database work hides behind
the model's. Edges that join documents (SIMILAR_TO, LINKS_TO, SHARES_ENTITY) are resolved in
Cypher after the rows are in, so neither load order nor reloading changes the result.

One file's failure is that file's error, whatever raised it: it is reported with a one-line
reason and the rest loads. A file that parsed into almost nothing (a page that cleaning
emptied) is reported as a warning and not written. A large document is written in parts of
``LoadOptions.part_size`` elements and its similarity edges in batches, so no transaction
grows with the file; its :Source is written with it, and taken back if the write fails.

A load that was killed or interrupted (Ctrl-C) leaves its :Source ``loading`` and the chunks
it embedded. The same command again continues it: a slice of chunks
(``TASKSPACE_EMBED_SLICE``) whose every chunk already has its embedding, from this very input
and with the same text, is not embedded again, and the report lists the file as resumed
(``resumed: N of M chunks were already embedded``). Slices are cut at the same places every
time, so the model sees the same batches and the vectors equal those of an uninterrupted load.
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from queue import Empty, Queue
from typing import Any

import neo4j
import numpy as np
from neo4j.exceptions import Neo4jError
from numpy.typing import NDArray

from taskspace.core.errors import raised_by_an_interrupt, reraise_if_interrupted
from taskspace.core.progress import QUIET, Progress
from taskspace.graph.connection import Graph
from taskspace.graph.ids import file_checksum
from taskspace.graph.load_report import Failure
from taskspace.graph.load_report import LoadReport as BaseLoadReport
from taskspace.graph.provenance import LOADING, complete_source, source_id
from taskspace.graph.writer import BatchedWriter, WriteSummary
from taskspace.models.embeddings import embed_matrix
from taskspace.sources.documents.chunking import DEFAULT_CHUNK_CHARS
from taskspace.sources.documents.duplicates import DuplicateGuard, document_sample
from taskspace.sources.documents.graph_rows import (
    DocumentRows,
    add_part_counts,
    document_rows,
    entity_mentions,
)
from taskspace.sources.documents.model import GRAPH_LABELS, ParsedDocument
from taskspace.sources.documents.node_ids import document_id, document_key
from taskspace.sources.documents.quality import emptied_warning

SOURCE_KIND = "documents"
_SIMILARITY_BATCH = 500
"""Chunks whose nearest neighbours one transaction asks the vector index for."""


@dataclass(frozen=True)
class LoadOptions:
    chunk_chars: int = DEFAULT_CHUNK_CHARS
    similarity_threshold: float = 0.75
    neighbours: int = 10
    """How many nearest chunks each chunk asks the vector index for."""
    min_shared_entities: int = 2
    embed_batch_size: int = 16
    """Texts per model call: 64 held 520 MB of activations at once, 16 holds 230 MB, and on
    two CPU cores the chunks per second were the same within the noise (bench notes)."""
    keep_copies: bool = False
    """Load a copy or a fragment of a document already loaded (the report still names it)."""
    part_size: int = 2000
    """Most elements (and chunks) written in one transaction; a larger document is cut."""
    embed_slice: int | None = None
    """Chunks embedded and written at a time (None: ``TASKSPACE_EMBED_SLICE``, 128)."""


@dataclass
class LoadReport(BaseLoadReport):
    """A documents load: the shared counts (a file that could not be parsed or written is
    ``failed``; ``warnings`` are files of another format, pages that cleaning emptied,
    copies or fragments of another document), then per label and per edge type what was
    written."""

    notes: list[tuple[str, str]] = field(default_factory=list)
    """Files loaded with a remark: an earlier document is a fragment of this one."""
    resumed: list[tuple[str, int, int]] = field(default_factory=list)
    """Files whose interrupted load this one continued: (file, chunks whose embedding was
    already written, chunks)."""
    nodes: Counter[str] = field(default_factory=Counter)
    edges: Counter[str] = field(default_factory=Counter)
    elements: Counter[str] = field(default_factory=Counter)
    nodes_removed: int = 0
    relationships_removed: int = 0
    """What an earlier load of these files left and this one removed: the elements, chunks
    and edges of an edited text, mentions under older rules."""

    def add_write(self, summary: WriteSummary) -> None:
        super().add_write(summary)
        self.nodes_removed += summary.nodes_deleted
        self.relationships_removed += summary.relationships_deleted

    def add_summary(self, summary: neo4j.ResultSummary) -> None:
        """Count one single-statement write (``Graph.write_text``) as :meth:`add_write`."""
        write = WriteSummary()
        write.add(0, summary)
        self.add_write(write)

    def as_dict(self) -> dict[str, Any]:
        return {
            **super().as_dict(),
            "nodes_removed": self.nodes_removed,
            "relationships_removed": self.relationships_removed,
            "documents": len(self.loaded),
            "nodes": dict(sorted(self.nodes.items())),
            "elements": dict(sorted(self.elements.items())),
            "edges": dict(sorted(self.edges.items())),
            "notes": [{"input": file, "note": note} for file, note in self.notes],
            "resumed": [
                {"input": file, "embedded_before": reused, "chunks": chunks}
                for file, reused, chunks in self.resumed
            ],
        }


@dataclass
class _Pending:
    """A document whose rows are ready and whose chunks are being embedded.

    The embedder hands over vectors slice by slice in ``slices`` (start, array); ``done``
    ends when all are handed over, or carries the model's error.
    """

    rows: DocumentRows
    done: Future[None]
    slices: Queue[tuple[int, NDArray[np.float32]]]
    checksum: str
    reused: int = 0
    """Chunks whose embedding an earlier, interrupted load of the same input wrote."""
    resumed: bool = False
    """An earlier load of this input was interrupted (its :Source is still ``loading``)."""


class DocumentLoader:
    """Writes documents one after another; ``finish`` resolves the cross-document edges."""

    def __init__(
        self,
        graph: Graph,
        options: LoadOptions,
        batch_size: int | None = None,
        progress: Progress = QUIET,
    ) -> None:
        self.graph = graph
        self.options = options
        self.writer = BatchedWriter(graph, batch_size=batch_size)
        self.report = LoadReport()
        self._embedder: Executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="embed")
        self._pending: _Pending | None = None
        self._embedded = 0
        self._stopping = threading.Event()
        self.slice = options.embed_slice or graph.settings.embed_slice
        self.guard: DuplicateGuard | None = None  # samples of the documents seen (copies)
        self.progress = progress
        """Told what a long write is doing (parts of a large document), for a progress bar."""
        self.loaded_keys: list[str] = []
        """The keys of the documents written, in the order of ``report.loaded``."""

    def close(self) -> None:
        """Stop the model after the slice it is embedding (Ctrl-C need not wait for the
        rest of a large file) and wait for it."""
        self._stopping.set()
        self._embedder.shutdown(wait=True, cancel_futures=True)

    def add(self, document: ParsedDocument, key: str) -> None:
        """Prepare a document (identified by ``key``) and queue its embedding, then write the
        one queued before it.

        Writing document i while the model embeds document i+1 keeps the model, the
        slowest part, busy from the first document to the last.
        """
        try:
            prepared = self._prepare(document, key)
        except Neo4jError as error:
            reraise_if_interrupted(error)
            self._refused(document.path, error)
            prepared = None
        except Exception as error:
            reraise_if_interrupted(error)
            self.report.fail(document.path, failure_reason(error))
            prepared = None
        self.flush()
        self._pending = prepared

    def flush(self) -> None:
        """Write the queued document, if any; a database refusal is reported against its file."""
        pending, self._pending = self._pending, None
        if pending is None:
            return
        try:
            self._write(pending)
        except Neo4jError as error:  # also the driver's own, closing a session cut by Ctrl-C
            reraise_if_interrupted(error)
            self._refused(pending.rows.path, error)
            return
        except Exception as error:
            reraise_if_interrupted(error)
            self.report.fail(pending.rows.path, failure_reason(error))
            return
        self.report.loaded.append(pending.rows.path)
        self.loaded_keys.append(pending.rows.key)
        if pending.resumed:
            rows = pending.rows
            self.report.resumed.append((rows.path, pending.reused, len(rows.chunk_ids)))
        complete_source(self.graph, pending.rows.document["props"]["source"])

    def _refused(self, path: str, error: Neo4jError) -> None:
        self.report.fail(path, f"the database refused it: {error}")

    def _prepare(self, document: ParsedDocument, key: str) -> _Pending:
        name = Path(document.path).name
        checksum = _checksum(document)
        source = source_id(SOURCE_KIND, key, checksum)
        self.progress.describe(f"{name}: chunks and entities")
        rows = document_rows(document, source, self.options.chunk_chars, key)
        self.progress.describe(
            f"{name}: {len(rows.chunk_ids):,} chunks, {len(rows.entities):,} entities"
        )
        resumed, starts = self._slices_to_embed(rows)
        slices: Queue[tuple[int, NDArray[np.float32]]] = Queue()
        done = self._embedder.submit(self._embed, rows.chunk_texts, starts, slices)
        reused = len(rows.chunk_ids) - sum(
            len(rows.chunk_ids[start : start + self.slice]) for start in starts
        )
        pending = _Pending(rows, done, slices, checksum, reused, resumed)
        if resumed:
            self.progress.describe(f"{name}: {_resumed(pending)}")
        return pending

    def _slices_to_embed(self, rows: DocumentRows) -> tuple[bool, list[int]]:
        """Whether an earlier load of this input was interrupted, and where the slices
        start that still need the model: a slice whose every chunk is already embedded
        (by that load, with the same text) is skipped."""
        found = self.graph.read(
            "documents/embedded_chunks",
            source=rows.source,
            chunks=[
                {"id": chunk, "text": text}
                for chunk, text in zip(rows.chunk_ids, rows.chunk_texts, strict=True)
            ],
        )[0]
        embedded = set(found["embedded"])
        starts = [
            start
            for start in range(0, len(rows.chunk_ids), self.slice)
            if not embedded.issuperset(rows.chunk_ids[start : start + self.slice])
        ]
        return found["state"] == LOADING, starts

    def _embed(
        self,
        texts: list[str],
        starts: list[int],
        slices: Queue[tuple[int, NDArray[np.float32]]],
    ) -> None:
        """Embed the slices of ``texts`` that begin at ``starts`` and hand each over as soon
        as it is done (progress in ``self._embedded``): the vectors of a large file are never
        all held."""
        self._embedded = 0
        for start in starts:
            if self._stopping.is_set():
                return
            done = embed_matrix(
                texts[start : start + self.slice], batch_size=self.options.embed_batch_size
            )
            slices.put((start, done))
            self._embedded += len(done)

    def _write(self, pending: _Pending) -> None:
        """The :Source, then the rows; a failure takes back a :Source this write created."""
        rows = pending.rows
        created = self.graph.write_text(
            self.graph.queries.text("writes/merge_source"),
            id=rows.source,
            kind=SOURCE_KIND,
            uri=rows.path,
            checksum=pending.checksum,
        ).counters.nodes_created
        nodes: Counter[str] = Counter({"Document": 1})
        edges: Counter[str] = Counter({"MENTIONS": entity_mentions(rows.entities)})
        elements = Counter(GRAPH_LABELS[element.kind] for element in rows.elements)
        try:
            self._write_structure(rows, nodes, edges)
            rows.release()
            self._write_embeddings(rows, pending)
        except Exception as error:  # Ctrl-C keeps what is written: the same command continues it
            if created and not raised_by_an_interrupt(error):
                self.graph.run_autocommit(  # the query deletes IN TRANSACTIONS
                    self.graph.queries.text("documents/remove_sources"), sources=[rows.source]
                )
            raise
        self.report.nodes.update(nodes)
        self.report.edges.update(edges)
        self.report.elements.update(elements)

    def _write_structure(
        self, rows: DocumentRows, nodes: Counter[str], edges: Counter[str]
    ) -> None:
        """The document, its elements, chunks and their edges (in parts, each built just
        before it is sent and dropped after), then entities; counted into nodes and edges.
        What an earlier load of the file wrote and this one did not (edges of an edited
        text, mentions under older rules) is pruned, and nothing else."""
        count = rows.part_count(self.options.part_size)
        for number, part in enumerate(rows.parts(self.options.part_size)):
            if count > 1:
                self.progress.describe(f"{Path(rows.path).name}: part {number + 1} of {count}")
            name = "documents/merge_document" if number == 0 else "documents/merge_document_part"
            self.report.add_write(self.writer.write_named(name, [part]))
            add_part_counts(part, nodes, edges)
        document, elements = rows.edge_ends()
        self.report.add_summary(
            self.graph.write_text(
                self.graph.queries.text("documents/prune_document_edges"),
                document=document["id"],
                has_section=document["has_section"],
                doc_contains=document["doc_contains"],
            )
        )
        self.report.add_write(self.writer.write_named("documents/prune_structure", elements))
        self.report.add_write(
            self.writer.write_named(
                "documents/merge_entities", rows.entities, stamp=rows.mentions_stamp
            )
        )
        self.report.add_summary(
            self.graph.write_text(
                self.graph.queries.text("documents/prune_mentions"),
                document=rows.doc_id,
                stamp=rows.mentions_stamp,
            )
        )

    def _write_embeddings(self, rows: DocumentRows, pending: _Pending) -> None:
        """Write each slice of vectors as the model hands it over, then SIMILAR_TO."""
        name, ids = Path(rows.path).name, rows.chunk_ids
        written = pending.reused
        while written < len(ids):
            try:
                start, matrix = pending.slices.get(timeout=1.0)
            except Empty:
                if pending.done.done() and pending.slices.empty():
                    pending.done.result()  # the model's error, if it failed
                    raise RuntimeError(
                        f"the model embedded {written} of {len(ids)} chunks"
                    ) from None
                done = pending.reused + self._embedded
                self.progress.describe(
                    f"{name}: embedding {done:,} of {len(ids):,} chunks{_reusing(pending)}"
                )
                continue
            embedded = [  # Python floats only for one slice
                {"id": ids[start + offset], "embedding": vector.tolist()}
                for offset, vector in enumerate(matrix)
            ]
            self.writer.write_named("documents/set_chunk_embeddings", embedded)
            written += len(matrix)
            self.progress.describe(
                f"{name}: embedded {written:,} of {len(ids):,} chunks{_reusing(pending)}"
            )
        pending.done.result()
        step = _SIMILARITY_BATCH
        for start in range(0, len(ids), step):
            if len(ids) > step:
                self.progress.describe(
                    f"{Path(rows.path).name}: similar chunks {start} of {len(ids)}"
                )
            summary = self.graph.write_text(
                self.graph.queries.text("documents/similar_chunks_of"),
                chunks=ids[start : start + step],
                neighbours=self.options.neighbours,
                threshold=self.options.similarity_threshold,
            )
            self.report.add_summary(summary)

    def finish(self) -> LoadReport:
        """Resolve LINKS_TO and the names tasks show for all documents, SHARES_ENTITY for
        these; count the result."""
        self.flush()
        ids = [document_id(key) for key in self.loaded_keys]
        if ids:
            for name, params in (
                ("documents/link_documents", {}),
                ("documents/shown_names", {}),
                (
                    "documents/shared_entities",
                    {"documents": ids, "min_shared": self.options.min_shared_entities},
                ),
            ):
                summary = self.graph.write_text(self.graph.queries.text(name), **params)
                self.report.add_summary(summary)
            counts = self.graph.read("documents/load_counts", documents=ids)[0]
            self.report.nodes["Entity"] = int(counts["entities"])
            self.report.edges["SIMILAR_TO"] = int(counts["similar_to"])
            self.report.edges["LINKS_TO"] = int(counts["links_to"])
            self.report.edges["SHARES_ENTITY"] = int(counts["shares_entity"])
        return self.report


def resumed_line(reused: int, chunks: int) -> str:
    """What a load that continued an interrupted one says about a file."""
    return f"resumed: {reused:,} of {chunks:,} chunks were already embedded"


def _reusing(pending: _Pending) -> str:
    """Said on every embedding line of a resumed load, so a pipe learns it early."""
    return f" ({pending.reused:,} were already embedded)" if pending.resumed else ""


def _resumed(pending: _Pending) -> str:
    return resumed_line(pending.reused, len(pending.rows.chunk_ids))


def failure_reason(error: BaseException) -> str:
    """One line for the report: what went wrong, never a traceback."""
    if isinstance(error, RecursionError):
        return "nested too deeply to process (RecursionError)"
    if isinstance(error, MemoryError):
        return "too large to process in the memory available (MemoryError)"
    message = " ".join(str(error).split())
    return f"{type(error).__name__}: {message}" if message else type(error).__name__


def _checksum(document: ParsedDocument) -> str:
    """The file's sha256; a document built in memory is identified by its content instead."""
    path = Path(document.path)
    if path.is_file():
        return file_checksum(path)
    return hashlib.sha256(document.model_dump_json().encode("utf-8")).hexdigest()


def load_parsed(
    graph: Graph,
    documents: Iterable[ParsedDocument],
    *,
    batch_size: int | None = None,
    options: LoadOptions | None = None,
) -> LoadReport:
    """Load documents that are already parsed (the path of every other loader ends here);
    each is identified by its file name."""
    jobs = ((doc.path, Path(doc.path).name, partial(_given, doc)) for doc in documents)
    return _run(graph, jobs, batch_size, options)


def _given(document: ParsedDocument) -> ParsedDocument:
    return document


def load_documents(
    graph: Graph,
    paths: Sequence[Path | str],
    *,
    batch_size: int | None = None,
    similarity_threshold: float = 0.75,
    chunk_chars: int = DEFAULT_CHUNK_CHARS,
    progress: Progress = QUIET,
    options: LoadOptions | None = None,
) -> LoadReport:
    """Parse and load every document under ``paths`` (files or folders)."""
    from taskspace.sources.documents.parse import is_supported, not_a_document, parse_file

    options = options or LoadOptions(
        chunk_chars=chunk_chars, similarity_threshold=similarity_threshold
    )
    given = {Path(path) for path in paths}
    keyed = list(_keyed_files([Path(path) for path in paths]))
    # a file of another format met in a folder is listed, not parsed; one named is an error
    others = [file for file, _ in keyed if not is_supported(file) and file not in given]
    files = [(file, key) for file, key in keyed if file not in others]
    jobs = ((str(file), key, partial(parse_file, file)) for file, key in files)
    progress.start("documents", len(files))
    report = _run(graph, jobs, batch_size, options, progress)
    report.warnings.extend(Failure(str(file), not_a_document(file)) for file in others)
    return report


def _keyed_files(given: list[Path]) -> Iterator[tuple[Path, str]]:
    """Each file to parse (once, however many given paths reach it) with its key: its path
    relative to the folder given, or its name when the file itself was given."""
    from taskspace.core.files import iter_files

    seen: set[Path] = set()
    for path in given:
        for file in iter_files([path]):
            if file.resolve() not in seen:
                seen.add(file.resolve())
                yield file, document_key(file, path)


Job = tuple[str, str, Callable[[], ParsedDocument]]


def _run(
    graph: Graph,
    jobs: Iterable[Job],
    batch_size: int | None,
    options: LoadOptions | None,
    progress: Progress = QUIET,
) -> LoadReport:
    started = time.perf_counter()
    loader = DocumentLoader(graph, options or LoadOptions(), batch_size, progress)
    try:
        for name, key, parse in jobs:
            progress.describe(Path(name).name)
            try:
                _load_one(loader, name, key, parse)
            finally:
                progress.advance()
        loader.flush()  # the last document, whose write a progress line should not hide
        progress.describe("resolving links, shared entities")
        report = loader.finish()
    finally:
        loader.close()
    report.seconds = time.perf_counter() - started
    return report


def _load_one(
    loader: DocumentLoader, name: str, key: str, parse: Callable[[], ParsedDocument]
) -> None:
    """Parse one file and add it under ``key``, or record why it cannot be loaded."""
    from taskspace.sources.documents.errors import DocumentParseError

    try:
        document = parse()
    except DocumentParseError as error:
        loader.report.fail(str(error.path), error.reason)
        return
    except Exception as error:
        reraise_if_interrupted(error)
        loader.report.fail(name, failure_reason(error))
        return
    warning = emptied_warning(document)
    if warning is not None:
        loader.report.warnings.append(Failure(document.path, warning))
        return
    loader.guard = loader.guard or DuplicateGuard.of_graph(loader.graph)
    sample = document_sample(document)
    refused, notes = loader.guard.check(key, sample)
    if refused is not None and not loader.options.keep_copies:
        loader.report.warnings.append(Failure(document.path, refused))
        return
    if refused is not None:
        notes = [refused.replace("; not loaded", "; loaded as asked"), *notes]
    loader.report.notes.extend((document.path, note) for note in [*document.notes, *notes])
    loader.guard.add(key, document.path, sample)
    loader.add(document, key)
