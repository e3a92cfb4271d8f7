"""``kg load wikidata``: N-Triples, Turtle (WDQS dumps), entity JSON (wbgetentities and
the JSON dumps), triple JSON lines and KGTK edge files into the graph.

Each file is streamed (plain, ``.gz`` or ``.bz2``): lines -> triples, entity JSON or
KGTK edges -> entity records (:mod:`taskspace.sources.wikidata.readers`, a bounded LRU) -> rows
-> one write transaction per round of rows (``UNWIND`` batches inside it), written by one
background thread while the next round is parsed. Nothing holds more than two rounds of
rows (``flush_rows``) and a bounded set of open entities, so a dump of many gigabytes
loads in constant memory. Items MERGE on their QID, claim targets are created bare and
never overwritten, so the same item named in two files is one node whatever the load
order, and loading the same file twice changes
nothing. Bad lines are reported and skipped.
"""

from __future__ import annotations

import bz2
import gzip
import time
from collections import Counter, OrderedDict
from collections.abc import Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from neo4j.exceptions import Neo4jError

from taskspace.core.errors import reraise_if_interrupted
from taskspace.core.progress import QUIET, Progress
from taskspace.graph.connection import Graph
from taskspace.graph.ids import file_checksum
from taskspace.graph.load_report import BadRecord
from taskspace.graph.load_report import LoadReport as BaseLoadReport
from taskspace.graph.names import checked_rel_type
from taskspace.graph.provenance import complete_source, forget_source, record_source
from taskspace.graph.writer import BatchedWriter, WriteStep
from taskspace.sources.wikidata.errors import NotTextError, WikidataLoadError
from taskspace.sources.wikidata.inputs import FORMATS, expand_paths, sniffed, suffix_format
from taskspace.sources.wikidata.mapping import GraphRows
from taskspace.sources.wikidata.readers import ReadCounts, read_records
from taskspace.sources.wikidata.terms import EntityRecord, ParseIssue

SOURCE_KIND = "wikidata"


@dataclass(frozen=True)
class LoadOptions:
    lang: str = "en"
    fmt: str = "auto"
    batch_size: int = 5000
    """Rows per write transaction."""
    flush_rows: int = 20_000
    """Rows gathered before a write round, which is one transaction. Rounds must be large
    enough that the per-property groups (one statement per relationship type) stay big,
    and small enough that the server's transaction state stays small. On a 300k-triple
    file (bench/wikidata_bench --copies 20), 20k-row rounds took 24.4-26.6 s, 50k-row
    rounds 26.2-31.5 s and 10k-row rounds 27.2 s."""
    max_open_entities: int = 2000


@dataclass
class LoadReport(BaseLoadReport):
    """A Wikidata load: the shared counts, then triples, entities and claims, and the bad
    records with file:line and reason (``errors``, every one: ``kg load`` writes them to a
    file and ``--json`` carries them all; a binary file is refused before its lines)."""

    sources: list[str] = field(default_factory=list)
    triples: int = 0
    ignored_triples: int = 0
    entities: int = 0
    items: int = 0
    properties: int = 0
    statements: int = 0
    literals: int = 0
    claims: Counter[str] = field(default_factory=Counter)
    errors: list[ParseIssue] = field(default_factory=list)
    kept_triples: Counter[str] = field(default_factory=Counter)
    """Triples read into entities, by kind; with the ignored and rejected ones they sum to
    ``triples``: no triple leaves without a count."""
    rejected_triples: int = 0
    """Triples read but reported as bad records (each one is in ``errors``)."""
    ignored_by_reason: Counter[str] = field(default_factory=Counter)
    """Triples read that carry nothing the graph keeps, by reason (they sum to
    ``ignored_triples``)."""
    not_written: Counter[str] = field(default_factory=Counter)
    """Facts read into entities but not written, by reason (a property's full statement)."""

    def issue(self, issue: ParseIssue) -> None:
        self.error_count += 1
        self.errors.append(issue)

    def bad_records(self) -> list[BadRecord]:
        return [BadRecord(e.file, e.line, e.reason) for e in self.errors]

    def add_counts(self, other: LoadReport) -> None:
        """Add what another report of the same load wrote (records written apart)."""
        self.claims.update(other.claims)
        self.not_written.update(other.not_written)
        self.items += other.items
        self.properties += other.properties
        self.statements += other.statements
        self.literals += other.literals
        self.nodes_created += other.nodes_created
        self.relationships_created += other.relationships_created

    def as_dict(self, top: int = 20) -> dict[str, Any]:
        return {
            **super().as_dict(),
            "triples": self.triples,
            "ignored_triples": self.ignored_triples,
            "entities": self.entities,
            "items": self.items,
            "properties": self.properties,
            "statements": self.statements,
            "literals": self.literals,
            "claims": sum(self.claims.values()),
            "claims_by_property": dict(self.claims.most_common(top)),
            "kept_triples": dict(self.kept_triples.most_common()),
            "rejected_triples": self.rejected_triples,
            "ignored_by_reason": dict(self.ignored_by_reason.most_common()),
            "not_written": dict(self.not_written.most_common()),
            "error_details": [record.as_dict() for record in self.bad_records()],
        }


def detect_format(path: Path, requested: str = "auto") -> str:
    if requested != "auto":
        if requested not in FORMATS:
            raise WikidataLoadError(f"unknown format {requested!r}; use one of {FORMATS}")
        return requested
    found = suffix_format(path)
    if found is not None:
        return found
    known = ", ".join(FORMATS[1:])
    raise WikidataLoadError(
        f"cannot tell the format of {path.name} from its suffix; use --format with one of {known}"
    )


@contextmanager
def open_lines(path: Path) -> Iterator[tuple[Iterable[bytes], IO[bytes]]]:
    """Raw lines of a plain, gzip or bzip2 file, and the raw file (for progress)."""
    suffix = path.suffix.lower()
    with path.open("rb") as raw:
        if suffix == ".gz":
            with gzip.GzipFile(fileobj=raw, mode="rb") as unzipped:
                yield unzipped, raw
        elif suffix == ".bz2":
            with bz2.BZ2File(raw, mode="rb") as unpacked:
                yield unpacked, raw
        else:
            yield raw, raw


class GraphSink:
    """Writes entity records in batches, in the order that keeps edges' endpoints present.

    A round is written, as one transaction, by one background thread while the next one is
    parsed, so parsing (Python) and writing (the server) overlap; at most two rounds exist
    at a time. One transaction per round rather than per query: a round holds a dozen or
    more small per-property groups, and a commit each cost about a quarter of the load
    time on the film slice.
    """

    def __init__(self, graph: Graph, source: str, options: LoadOptions, report: LoadReport):
        self.writer = BatchedWriter(graph, batch_size=options.batch_size)
        self.source, self.lang = source, options.lang
        self.rows = GraphRows(source=source, lang=options.lang)
        self.flush_rows = max(options.flush_rows, options.batch_size)
        self.report = report
        self.ensured: OrderedDict[str, None] = OrderedDict()
        self.pool = ThreadPoolExecutor(1, thread_name_prefix="wikidata-writer")
        self.pending: Future[None] | None = None

    def add(self, record: EntityRecord) -> None:
        self.report.entities += 1
        self.rows.add(record)
        if self.rows.size >= self.flush_rows:
            self.flush()

    def flush(self) -> None:
        """Hand the gathered rows to the writer thread (after the previous batch is in)."""
        rows, self.rows = self.rows, GraphRows(source=self.source, lang=self.lang)
        self.report.claims.update(rows.claim_counts)
        self.report.not_written.update(rows.dropped)
        self.report.literals += rows.literals
        self.wait()
        self.pending = self.pool.submit(self._write, rows)

    def wait(self) -> None:
        """Block until the batch in flight is written; its failure is raised here."""
        pending, self.pending = self.pending, None
        if pending is not None:
            pending.result()

    def close(self) -> None:
        try:
            self.flush()
            self.wait()
        finally:
            self.pool.shutdown(wait=True)

    def _fresh(self, ids: Iterable[str]) -> list[str]:
        """Ids not yet ensured in this load (a bounded memo saves repeated MERGEs)."""
        fresh = [i for i in sorted(ids) if i not in self.ensured]
        for i in fresh:
            self.ensured[i] = None
        while len(self.ensured) > 200_000:
            self.ensured.popitem(last=False)
        return fresh

    def _write(self, rows: GraphRows) -> None:
        """One round as one transaction, in the order that keeps edges' endpoints present."""
        writer, source = self.writer, rows.source
        steps = [
            WriteStep(writer.merge_nodes_cypher(["Item", "Entity"]), rows.items),
            WriteStep(writer.merge_nodes_cypher(["Property"]), rows.properties),
        ]
        self._fresh(row["id"] for row in rows.items)
        bare = [{"id": i} for i in self._fresh(rows.bare_items)]
        steps.append(writer.step("wikidata/merge_bare_items", bare, source=source))
        properties = [{"id": p, "datatype": d} for p, d in sorted(rows.bare_properties.items())]
        steps.append(writer.step("wikidata/merge_bare_properties", properties, source=source))
        for pid in sorted(rows.claims):
            claims = rows.claims[pid]
            query = "merge_claims" if any(row["props"] for row in claims) else "merge_claims_plain"
            slots = {"type": checked_rel_type(pid)}
            steps.append(writer.step(f"wikidata/{query}", claims, slots, source=source))
        for pid in sorted(rows.property_claims):
            claims = [{"start": r["start"], "end": r["end"]} for r in rows.property_claims[pid]]
            slots = {"type": checked_rel_type(pid)}
            steps.append(
                writer.step("wikidata/merge_property_claims", claims, slots, source=source)
            )
        steps.append(writer.step("wikidata/merge_statements", rows.statements))
        report = self.report
        for summary in writer.write_steps(steps):
            report.nodes_created += summary.nodes_created
            report.relationships_created += summary.relationships_created
        report.items += len(rows.items)
        report.properties += len(rows.properties)
        report.statements += len(rows.statements)


def load_records(
    graph: Graph,
    records: Iterable[EntityRecord],
    source: str,
    options: LoadOptions,
    report: LoadReport,
) -> None:
    """Write a stream of records under one :Source; used by files and SPARQL alike."""
    sink = GraphSink(graph, source, options, report)
    try:
        for record in records:
            sink.add(record)
    except BaseException:
        sink.pool.shutdown(wait=True)  # the batch in flight still lands; nothing leaks
        raise
    sink.close()


def file_records(
    lines: Iterable[bytes], file: str, fmt: str, options: LoadOptions, report: LoadReport
) -> Iterator[EntityRecord]:
    """Entity records of one file in the given format; issues go to the report."""
    counts = ReadCounts()
    try:
        yield from read_records(lines, file, fmt, report.issue, counts, options.max_open_entities)
    finally:
        report.triples += counts.triples
        report.ignored_triples += counts.ignored
        report.ignored_by_reason.update(counts.by_reason)
        report.kept_triples.update(counts.kept)
        report.rejected_triples += counts.rejected


def load_files(
    graph: Graph,
    paths: Iterable[Path],
    options: LoadOptions | None = None,
    progress: Progress = QUIET,
) -> LoadReport:
    """Load each file (folders are walked) under its own :Source.

    A file that cannot be read, is not text, or gives no entity at all is reported in
    ``failed`` with its reason and the load goes on with the next one.
    """
    options = options or LoadOptions()
    report = LoadReport()
    started = time.perf_counter()
    for path in expand_paths(paths):
        if isinstance(path, tuple):
            report.fail(*path)
            continue
        failure = _load_file(graph, path, options, report, progress)
        if failure is None:
            report.loaded.append(str(path))
        else:
            report.fail(str(path), failure)
    report.seconds = time.perf_counter() - started
    return report


def _load_file(
    graph: Graph,
    path: Path,
    options: LoadOptions,
    report: LoadReport,
    progress: Progress,
) -> str | None:
    """Load one file; None when something reached the graph, else why nothing did."""
    name = str(path)
    entities, errors = report.entities, report.error_count
    source: str | None = None
    try:
        fmt = detect_format(path, options.fmt)
        with open_lines(path) as (lines, raw):
            readable = sniffed(readable_lines(lines, name, report))
            checksum = file_checksum(path)
            source = record_source(graph, SOURCE_KIND, str(path.resolve()), checksum)
            report.sources.append(source)
            lines = progressed(readable, raw, path, fmt, progress)
            records = file_records(lines, name, fmt, options, report)
            load_records(graph, records, source, options, report)
            complete_source(graph, source)
    except (WikidataLoadError, NotTextError) as exc:
        return str(exc)
    except (OSError, EOFError) as exc:
        return f"cannot read: {read_failure(exc)}"
    except Neo4jError as exc:
        reraise_if_interrupted(exc)  # the driver's own error, closing a session Ctrl-C cut
        return f"the database refused a write: {exc.code}: {exc.message}"
    finally:
        if source is not None and report.entities == entities:
            forget_source(graph, source)  # no entity came from this file: no node has its id
            report.sources.remove(source)
    return file_outcome(report, entities, errors)


def readable_lines(lines: Iterable[bytes], file: str, report: LoadReport) -> Iterator[bytes]:
    """Lines until the file stops being readable (a cut .gz, a disk error).

    A failure on the first line means the file cannot be read at all and is raised; later
    ones are reported at the line where reading stopped, and what was read still loads.
    """
    iterator = iter(lines)
    number = 0
    while True:
        try:
            line = next(iterator)
        except StopIteration:
            return
        except (OSError, EOFError) as exc:
            if number == 0:
                raise
            report.issue(ParseIssue(file, number + 1, f"stopped reading: {read_failure(exc)}"))
            return
        number += 1
        yield line


def read_failure(exc: BaseException) -> str:
    if isinstance(exc, FileNotFoundError):
        return "no such file"
    if isinstance(exc, IsADirectoryError):
        return "is a directory"
    if isinstance(exc, PermissionError):
        return "permission denied"
    if isinstance(exc, EOFError):
        return "compressed file is truncated"
    return str(exc) or type(exc).__name__


def progressed(
    lines: Iterable[bytes], raw: IO[bytes], path: Path, fmt: str, progress: Progress
) -> Iterator[bytes]:
    """The same lines, telling ``progress`` the bytes of ``path`` read and the rate
    (triples/s for N-Triples, lines/s otherwise) every 20,000 lines and once at the end:
    one bar per file, for either load path."""
    if progress is QUIET:
        yield from lines
        return
    total, name = path.stat().st_size, path.name[:40]
    unit = "triples" if fmt == "nt" else "lines"
    progress.start(name, total, unit="bytes")
    started, done, number = time.perf_counter(), 0, 0

    def tell(position: int) -> None:
        nonlocal done
        progress.advance(position - done)
        done = position
        rate = number / max(time.perf_counter() - started, 1e-6)
        progress.describe(f"{name} {rate:,.0f} {unit}/s")

    for number, line in enumerate(lines, 1):
        if number % 20_000 == 0:
            tell(raw.tell())
        yield line
    tell(total)


def file_outcome(report: LoadReport, entities: int, errors: int) -> str | None:
    """After one file: None when entities came from it (``entities`` and ``errors`` are the
    report's counts before it), else why none did."""
    if report.entities > entities:
        return None
    if report.error_count > errors:
        return f"nothing loaded: all {report.error_count - errors} record(s) were bad"
    return "nothing loaded: no Wikidata entity in the file"
