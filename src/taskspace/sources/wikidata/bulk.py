"""``kg load wikidata --bulk``: one pass over the inputs into CSV, then Neo4j's offline importer.

The same record stream as the transactional loader (:func:`loader.file_records`) goes
into import CSV (:mod:`bulk_rows`) with the same graph contract; the importer builds the
store in a staging folder while the server runs; the server is stopped only to swap the
new database in, started again, and the schema applied as ``kg init`` does. Records the
CSV pass set aside (an item described twice) are then written by the transactional
loader, and each input's :Source becomes 'complete' when all of it is in.
It needs the local single instance and an empty database (or ``replace``): the import
replaces the whole database.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from taskspace.core.progress import QUIET, Progress
from taskspace.core.settings import Settings
from taskspace.graph.connection import Graph
from taskspace.graph.ids import file_checksum
from taskspace.graph.provenance import COMPLETE, complete_source, source_id
from taskspace.graph.schema import apply_schema
from taskspace.server.importer import ImportInput, import_and_swap
from taskspace.server.permissions import private_dir
from taskspace.sources.wikidata.bulk_fast import fast_part, file_lines, referee_records
from taskspace.sources.wikidata.bulk_rows import CsvGraph, ImportFiles, SourceRow, now
from taskspace.sources.wikidata.errors import BulkRefused, NotTextError, WikidataLoadError
from taskspace.sources.wikidata.inputs import expand_paths, sniffed
from taskspace.sources.wikidata.loader import (
    SOURCE_KIND,
    LoadOptions,
    LoadReport,
    detect_format,
    file_outcome,
    file_records,
    load_records,
    open_lines,
    progressed,
    read_failure,
    readable_lines,
)
from taskspace.sources.wikidata.terms import EntityRecord

BULK_THRESHOLD_BYTES = 50 * 1024 * 1024
"""Inputs of at least this many bytes in all go through the importer on their own when the
local database is empty. Measured transactional against bulk end to end
(bench.wikidata_bench --crossover, N-Triples, the Polars CSV pass, 2 cores). Under load
(7-9): 13.2 MB 30.1 s vs 44.5; 26.5 MB 61.9 vs 39.9; 51.5 MB 75.5 vs 33.0. Quiet (2-3):
13.2 MB 9.8 vs 18.3; 26.5 MB 15.3 vs 20.4 (bulk 0.75x); 51.5 MB 24.1 vs 21.5 (1.12x). A
busy machine slows the transactional path more than the importer, so the break-even moves
from about 18 MB under load to about 43 MB quiet; the threshold is below the smallest size
where bulk won in both (51.5 MB), above the largest where it lost in either, so the path
taken by itself is never one measured slower."""


@dataclass
class BulkReport:
    report: LoadReport
    csv_seconds: float = 0.0
    import_seconds: float = 0.0
    restart_seconds: float = 0.0
    schema_seconds: float = 0.0
    aside_records: int = 0


def input_bytes(paths: Iterable[Path]) -> int:
    """Bytes of every file given or found in the folders given (as loaded: compressed)."""
    total = 0
    for path in expand_paths(paths):
        if isinstance(path, Path):
            try:
                total += path.stat().st_size
            except OSError:
                continue
    return total


def check_local(settings: Settings) -> None:
    """Refuse a remote or cluster database: the importer needs the local single instance."""
    if not settings.uses_local_server:
        raise BulkRefused(
            f"--bulk needs the local single-instance server, but NEO4J_URI points at "
            f"{settings.display_uri}: the offline importer writes the store files of a local "
            "database; unset NEO4J_URI, or load without --bulk"
        )


def check_empty(graph: Graph, replace: bool) -> None:
    """Refuse a database that holds data unless ``replace``: the import replaces it all."""
    nodes = node_count(graph)
    if nodes and not replace:
        raise BulkRefused(
            f"the database already holds {nodes} nodes and --bulk replaces the whole "
            "database: add --replace to drop them, or load without --bulk to add to them"
        )


def node_count(graph: Graph) -> int:
    return int(graph.read("graph/node_count")[0]["count"])


def write_csv(
    paths: Iterable[Path],
    folder: Path,
    options: LoadOptions,
    report: LoadReport,
    progress: Progress = QUIET,
    fast: bool = True,
) -> tuple[CsvGraph, ImportFiles]:
    """Stream every input into CSV under ``folder``; failed files go to the report.
    ``fast``: N-Triples through :mod:`bulk_fast` (False: the reference pass alone)."""
    tables = CsvGraph(folder, options.lang, fast)
    loaded: set[str] = set()
    for path in expand_paths(paths):
        if isinstance(path, tuple):
            report.fail(*path)
            continue
        failure = _csv_file(tables, path, options, report, loaded, progress, fast)
        if failure is None:
            report.loaded.append(str(path))
        else:
            report.fail(str(path), failure)
    return tables, tables.close()


def _csv_file(
    tables: CsvGraph,
    path: Path,
    options: LoadOptions,
    report: LoadReport,
    loaded: set[str],
    progress: Progress,
    fast: bool = False,
) -> str | None:
    """One input into the tables; None when entities came from it, else why none did."""
    name = str(path)
    entities, errors = report.entities, report.error_count
    row: SourceRow | None = None
    try:
        fmt = detect_format(path, options.fmt)
        frame = file_lines(path) if fast and fmt == "nt" else None
        if frame is not None:
            row = _source_row(path)
            if row.id in loaded:
                return None
            _fast_file(tables, frame, row, name, options, report, progress, path)
            row.state = COMPLETE
            return file_outcome(report, entities, errors)
        with open_lines(path) as (lines, raw):
            readable = sniffed(readable_lines(lines, name, report))
            checksum = file_checksum(path)
            uri = str(path.resolve())
            row = SourceRow(source_id(SOURCE_KIND, uri, checksum), uri, checksum, now())
            if row.id in loaded:
                return None  # the same bytes again: a second load changes nothing
            lines = progressed(readable, raw, path, fmt, progress)
            for record in file_records(lines, name, fmt, options, report):
                report.entities += 1
                tables.add(record, row.id)
            row.state = COMPLETE
    except (WikidataLoadError, NotTextError) as exc:
        return str(exc)
    except (OSError, EOFError) as exc:
        return f"cannot read: {read_failure(exc)}"
    finally:
        if row is not None and report.entities > entities:
            tables.add_source(row)
            loaded.add(row.id)
            report.sources.append(row.id)
    return file_outcome(report, entities, errors)


def _source_row(path: Path) -> SourceRow:
    checksum = file_checksum(path)
    uri = str(path.resolve())
    return SourceRow(source_id(SOURCE_KIND, uri, checksum), uri, checksum, now())


def _fast_file(
    tables: CsvGraph,
    frame: pl.DataFrame,
    row: SourceRow,
    name: str,
    options: LoadOptions,
    report: LoadReport,
    progress: Progress,
    path: Path,
) -> None:
    """One N-Triples file: the fast path's items, then the referee's records."""
    size = path.stat().st_size
    progress.start(path.name[:40], size, unit="bytes")
    tag = str(len(tables.fast_nodes) + len(tables.fast_claims) + len(tables.source_rows))
    part = fast_part(frame, tables.folder, tag, row.id, options.lang, tables.described)
    for record in referee_records(part, name, options, report):
        report.entities += 1
        if record.id not in part.ids:  # a taken item's first line: written already
            tables.add(record, row.id)
    tables.add_fast(part, row.id)
    progress.advance(size)


def bulk_load(
    settings: Settings,
    paths: Iterable[Path],
    options: LoadOptions,
    progress: Progress = QUIET,
) -> BulkReport:
    """CSV, import, swap, restart, schema, records set aside. The caller checked the target
    (:func:`check_local`, :func:`check_empty`); nothing live changes before the swap. Each
    file is a run of ``progress`` in bytes, each later stage a run of unknown length."""
    report = LoadReport()
    result = BulkReport(report)
    started = time.perf_counter()
    folder = settings.local.root / "bulk-csv"  # one place: a killed run's files go next time
    shutil.rmtree(folder, ignore_errors=True)
    private_dir(folder)
    try:
        tables, files = write_csv(paths, folder, options, report, progress)
        result.csv_seconds = time.perf_counter() - started
        if not report.loaded:
            report.seconds = result.csv_seconds
            return result
        _account(report, tables, files)
        progress.start("importing (the server stops meanwhile)", None)
        given = ImportInput(files.nodes, files.relationships, files.multiline)
        result.import_seconds, result.restart_seconds = import_and_swap(settings, given)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    with Graph(settings) as graph:
        progress.start("applying the schema", None)
        mark = time.perf_counter()
        apply_schema(graph)
        result.schema_seconds = time.perf_counter() - mark
        if tables.aside:
            progress.start(f"writing {len(tables.aside)} record(s) set aside", None)
            _write_aside(graph, tables, options, report)
            result.aside_records = len(tables.aside)
    report.seconds = time.perf_counter() - started
    return result


def _account(report: LoadReport, tables: CsvGraph, files: ImportFiles) -> None:
    report.claims.update(tables.claim_counts)
    report.not_written.update(tables.dropped)
    report.items += tables.counts["items"]
    report.properties += tables.counts["properties"]
    report.statements += tables.counts["statements"]
    report.literals += tables.counts["literals"]
    report.nodes_created += files.node_rows
    report.relationships_created += files.relationship_rows


def _write_aside(graph: Graph, tables: CsvGraph, options: LoadOptions, report: LoadReport) -> None:
    """The records set aside, in input order, through the transactional loader."""
    runs: list[tuple[str, list[EntityRecord]]] = []
    for source, record in tables.aside:
        if runs and runs[-1][0] == source:
            runs[-1][1].append(record)
        else:
            runs.append((source, [record]))
    for source, records in runs:
        side = LoadReport()
        load_records(graph, records, source, options, side)
        report.add_counts(side)
    complete_source(graph, *(source for source, _ in runs))
