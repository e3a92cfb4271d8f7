"""Entity records to import CSV, with the graph the transactional loader would build.

Each record becomes rows exactly as :class:`GraphRows` makes them for the transactional
loader; what that loader decides with MERGE is decided here, in memory, over the whole
load: a bare item (only named as a value) keeps the smallest source id among the loads
that named it, a property's datatype follows :func:`preferred_datatype`, a property's own
record overrides what bare mentions set. An item described twice (its triples far apart,
or in two files) is written once here and its later records are kept aside, to be
written over Bolt after the import, in order, by the transactional loader itself: MERGE
and ``SET +=`` then give those nodes exactly what a transactional load gives them.
Memory: one entry per distinct item and property id, plus the records kept aside.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from taskspace.graph.provenance import LOADING
from taskspace.sources.wikidata.bulk_csv import NodeTable, RelationshipTable
from taskspace.sources.wikidata.bulk_fast import FastPart, write_bare_items
from taskspace.sources.wikidata.errors import UnwritableValue
from taskspace.sources.wikidata.mapping import GraphRows, Row, preferred_datatype
from taskspace.sources.wikidata.terms import EntityRecord


@dataclass
class _PropertyState:
    props: Row = field(default_factory=dict)
    source: str | None = None
    datatype: str | None = None


@dataclass
class SourceRow:
    """One input's :Source node: the same properties ``record_source`` gives it."""

    id: str
    uri: str
    checksum: str
    loaded_at: datetime
    state: str = LOADING


@dataclass
class ImportFiles:
    """What the importer reads: ``(labels, [header, data])`` per node group, and per
    relationship file ``(type or None, [header, data])``."""

    nodes: list[tuple[str, list[Path]]]
    relationships: list[tuple[str | None, list[Path]]]
    multiline: bool
    node_rows: int
    relationship_rows: int


class CsvGraph:
    """Streams records into the CSV tables; :meth:`close` adds what only the end decides."""

    def __init__(self, folder: Path, lang: str, fast: bool = False) -> None:
        self.folder, self.lang, self.fast = folder, lang, fast
        self.items = NodeTable(folder, "items", "Item:Entity", "Item")
        self.properties = NodeTable(folder, "properties", "Property", "Property")
        self.statements = NodeTable(folder, "statements", "Statement", "Statement")
        self.sources = NodeTable(folder, "sources", "Source", "Source")
        self.claims = RelationshipTable(
            folder, "claims", "Item", "Item", props=("rank", "statement")
        )
        self.property_claims = RelationshipTable(folder, "property_claims", "Property", "Item")
        self.has_statement = RelationshipTable(
            folder, "has_statement", "Item", "Statement", "HAS_STATEMENT"
        )
        self.of_property = RelationshipTable(
            folder, "of_property", "Statement", "Property", "OF_PROPERTY"
        )
        self.value = RelationshipTable(folder, "value", "Statement", "Item", "VALUE")
        self.described: set[str] = set()
        self.named: dict[str, str] = {}
        self.property_state: dict[str, _PropertyState] = {}
        self.aside: list[tuple[str, EntityRecord]] = []
        self.source_rows: list[SourceRow] = []
        self.claim_counts: Counter[str] = Counter()
        self.counts: Counter[str] = Counter()
        self.property_edges: set[tuple[str, str, str]] = set()
        """Claims of properties written (few: the importer would keep each duplicate)."""
        self.dropped: Counter[str] = Counter()
        """Facts read but not written, by reason (as ``GraphRows.dropped``)."""
        self.fast_nodes: list[list[Path]] = []
        self.fast_claims: list[list[Path]] = []
        self.fast_rows = Counter[str]()
        """Item and claim rows the fast path wrote (:mod:`bulk_fast`)."""

    def add(self, record: EntityRecord, source: str) -> None:
        """One record of the input whose :Source is ``source``."""
        if record.kind == "item" and record.id in self.described:
            self.aside.append((source, record))
            return
        rows = GraphRows(source=source, lang=self.lang)
        rows.add(record)
        try:
            self._write(rows)
        except UnwritableValue:  # raised by the item row, before anything is written
            self.aside.append((source, record))  # Bolt carries what CSV cannot; the
            self.described.add(record.id)  # later records of this item follow it there
            return
        self.claim_counts.update(rows.claim_counts)
        self.counts.update(
            items=len(rows.items),
            properties=len(rows.properties),
            statements=len(rows.statements),
            literals=rows.literals,
        )
        self.dropped.update(rows.dropped)

    def _write(self, rows: GraphRows) -> None:
        source = rows.source
        for row in rows.items:  # at most one: one record
            self.items.add(row["id"], {"id": row["id"], **row["props"]})
            self.described.add(row["id"])
        for row in rows.properties:
            self._property(row["id"]).props.update(row["props"])
        for pid, datatype in rows.bare_properties.items():
            state = self._property(pid)
            state.datatype = preferred_datatype(state.datatype, datatype)
            state.source = source if state.source is None else min(state.source, source)
        edges: dict[tuple[str, str, str], Row] = {}
        for pid, claims in rows.claims.items():
            for claim in claims:
                edges.setdefault((claim["start"], pid, claim["end"]), {}).update(claim["props"])
                self._name(claim["end"], source)
        for (start, pid, end), props in edges.items():
            self.claims.add(start, end, pid, props)
        for pid, claims in rows.property_claims.items():
            for claim in claims:
                key = (claim["start"], pid, claim["end"])
                if key not in self.property_edges:  # a property described in two inputs
                    self.property_edges.add(key)
                    self.property_claims.add(key[0], key[2], pid)
                self._name(claim["end"], source)
        for qid in rows.bare_items:
            self._name(qid, source)
        for statement in rows.statements:
            sid = statement["id"]
            self.statements.add(sid, {"id": sid, **statement["props"]})
            self.has_statement.add(statement["item"], sid)
            self.of_property.add(sid, statement["pid"])
            if statement["value_item"] is not None:
                self.value.add(sid, statement["value_item"])

    def add_fast(self, part: FastPart, source: str) -> None:
        """What the fast path wrote for one input: its files, and the load-wide state
        (described, named, used properties) exactly as :meth:`add` keeps it."""
        self.described.update(part.ids)
        for qid in part.targets:
            self._name(qid, source)
        for pid in part.pids:
            state = self._property(pid)
            state.source = source if state.source is None else min(state.source, source)
        self.claim_counts.update(part.claim_counts)
        self.counts.update(items=part.items, literals=part.literals)
        self.fast_rows.update(items=part.items, claims=part.claim_rows)
        if part.node_files:
            self.fast_nodes.append(part.node_files)
        if part.claim_files:
            self.fast_claims.append(part.claim_files)

    def _property(self, pid: str) -> _PropertyState:
        state = self.property_state.get(pid)
        if state is None:
            state = self.property_state[pid] = _PropertyState()
        return state

    def _name(self, qid: str, source: str) -> None:
        held = self.named.get(qid)
        if held is None or source < held:
            self.named[qid] = source

    def _bare_fast(self) -> None:
        """The bare items in one Polars pass: half the rows of a truthy dump, and the
        slowest part of the pass when written one by one."""
        files = write_bare_items(self.folder / "fast-bare-items", self.named, self.described)
        if files is not None:
            self.fast_nodes.append(files[0])
            self.fast_rows.update(items=files[1])

    def add_source(self, row: SourceRow) -> None:
        self.source_rows.append(row)

    def close(self) -> ImportFiles:
        """Bare items, properties and sources, then every file's header."""
        if self.fast:
            self._bare_fast()
        else:
            for qid, source in self.named.items():
                if qid not in self.described:
                    self.items.add(qid, {"id": qid, "qid": qid, "source": source})
        for pid, state in sorted(self.property_state.items()):
            props: dict[str, Any] = {"id": pid, "pid": pid}
            if state.source is not None:
                props["source"] = state.source
            props.update(state.props)
            if state.datatype is not None:
                props["datatype"] = state.datatype
            self.properties.add(pid, props)
        unfinished = {held for held, _ in self.aside}  # completed once those are in
        for row in self.source_rows:
            self.sources.add(
                row.id,
                {
                    "id": row.id,
                    "kind": "wikidata",
                    "uri": row.uri,
                    "checksum": row.checksum,
                    "loaded_at": row.loaded_at,
                    "state": LOADING if row.id in unfinished else row.state,
                },
            )
        tables = (self.items, self.properties, self.statements, self.sources)
        nodes = [(t.labels, files) for t in tables for files in t.close()]
        nodes += [(self.items.labels, files) for files in self.fast_nodes]
        links = (
            self.claims,
            self.property_claims,
            self.has_statement,
            self.of_property,
            self.value,
        )
        # A file naming an id space without nodes (no statements) is refused by the importer.
        closed = [(t.rel_type, t.close(), t.rows) for t in links]
        relationships = [(rel_type, files) for rel_type, files, rows in closed if rows]
        relationships += [(None, files) for files in self.fast_claims]
        return ImportFiles(
            nodes=nodes,
            relationships=relationships,
            multiline=any(t.multiline for t in tables),
            node_rows=sum(t.rows for t in tables) + self.fast_rows["items"],
            relationship_rows=sum(t.rows for t in links) + self.fast_rows["claims"],
        )


def now() -> datetime:
    return datetime.now(UTC)
