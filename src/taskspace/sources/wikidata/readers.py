"""One file's lines to entity records, whatever its format: the one dispatch loads use.

Every reader ends in the same stream of :class:`EntityRecord`: triple formats (N-Triples,
Turtle, triple JSON lines) through :class:`RecordGrouper`, entity JSON and KGTK directly.
So there is one mapping to the graph, and the same facts give the same graph from any
format. ``json`` is sniffed: the first record (after a ``[`` line) decides between
entity JSON and triple JSON lines; a file whose first record is not JSON stays entity
JSON, whose reader reports the bad line.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterable, Iterator

from taskspace.sources.wikidata.entity_json import read_entity_json
from taskspace.sources.wikidata.kgtk import KgtkReader, ReadCounts
from taskspace.sources.wikidata.ntriples import OnIssue, read_ntriples
from taskspace.sources.wikidata.records import RecordGrouper
from taskspace.sources.wikidata.terms import EntityRecord, Triple
from taskspace.sources.wikidata.triples_json import is_triple_object, read_triples_json
from taskspace.sources.wikidata.turtle import read_turtle

TripleReader = Callable[[Iterable[bytes], str, OnIssue], Iterator[Triple]]
TRIPLE_READERS: dict[str, TripleReader] = {
    "nt": read_ntriples,
    "ttl": read_turtle,
    "triples-json": read_triples_json,
}
SNIFF_LINES = 100

__all__ = ["ReadCounts", "read_records", "sniff_json"]


def sniff_json(lines: Iterable[bytes]) -> tuple[str, Iterator[bytes]]:
    """(``entity-json`` or ``triples-json``, the same lines) from the first JSON record."""
    iterator = iter(lines)
    head: list[bytes] = []
    kind = "entity-json"
    for raw in itertools.islice(iterator, SNIFF_LINES):
        head.append(raw)
        text = raw.strip()
        if text in (b"", b"["):
            continue
        try:
            document = json.loads(text.rstrip(b","))
        except (json.JSONDecodeError, UnicodeDecodeError):
            break
        if is_triple_object(document):
            kind = "triples-json"
        break
    return kind, itertools.chain(head, iterator)


def read_records(
    lines: Iterable[bytes],
    file: str,
    fmt: str,
    on_issue: OnIssue,
    counts: ReadCounts,
    max_open: int = 2000,
) -> Iterator[EntityRecord]:
    """Entity records of one file in ``fmt`` (see :data:`inputs.FORMATS`); bad records go
    to ``on_issue``, triples or edges read and ignored to ``counts``."""
    if fmt == "kgtk":
        reader = KgtkReader(file, on_issue, max_open)
        try:
            yield from reader.records(lines)
        finally:
            counts.triples += reader.counts.triples
            counts.ignored += reader.counts.ignored
            counts.by_reason.update(reader.counts.by_reason)
        return
    if fmt == "json":
        fmt, lines = sniff_json(lines)
    if fmt == "entity-json":
        yield from read_entity_json(lines, file, on_issue)
        return
    grouper = RecordGrouper(max_open=max_open, file=file, on_issue=on_issue)
    try:
        yield from grouper.records(TRIPLE_READERS[fmt](lines, file, on_issue))
    finally:
        counts.triples += grouper.triples
        counts.ignored += grouper.ignored
        counts.by_reason.update(grouper.ignored_by)
        counts.kept.update(grouper.kept)
        counts.rejected += grouper.rejected
