"""Live expansion from seed items over a SPARQL endpoint (WDQS or any Wikibase-shaped one).

Breadth-first from the seeds: each hop fetches the frontier's truthy claims and labels,
and (for the app's reverse actions, ``^P161``) the items that point at the frontier. A
neighbour joins the next frontier only when its classes, through
``wdt:P31/wdt:P279*``, meet the app's root classes: the graph grows inside the app's
information space instead of into all of Wikidata. Queries are small ``VALUES`` batches
of plain triple patterns and one property path, which WDQS and rdflib answer quickly.
Results go through the same records -> rows -> writer path as dump files.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.error import URLError

from SPARQLWrapper import JSON, POST, SPARQLWrapper
from SPARQLWrapper.SPARQLExceptions import SPARQLWrapperException

from taskspace.graph.connection import Graph
from taskspace.graph.provenance import complete_source, record_source
from taskspace.sources.wikidata.apps import AppSpec
from taskspace.sources.wikidata.errors import SparqlError
from taskspace.sources.wikidata.loader import SOURCE_KIND, LoadOptions, LoadReport, load_records
from taskspace.sources.wikidata.records import RecordGrouper
from taskspace.sources.wikidata.terms import (
    ENTITY_ID,
    IRI,
    PROP_NS,
    WD,
    BNode,
    EntityRecord,
    Literal,
    Term,
    Triple,
    entity_id,
)

BATCH = 40
_PREFIXES = (
    f"PREFIX wd: <{WD}>\nPREFIX wdt: <{PROP_NS}direct/>\n"
    "PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>\n"
    "PREFIX schema: <http://schema.org/>\nPREFIX skos: <http://www.w3.org/2004/02/skos/core#>\n"
)


class SparqlClient:
    """SELECT queries through SPARQLWrapper, answers as this package's RDF terms."""

    def __init__(self, endpoint: str, agent: str = "taskspace-wikidata/0.1", timeout: int = 60):
        self.endpoint = endpoint
        self.wrapper = SPARQLWrapper(endpoint, agent=agent)
        self.wrapper.setReturnFormat(JSON)
        self.wrapper.setMethod(POST)
        self.wrapper.setTimeout(timeout)
        self.queries = 0

    def select(self, query: str) -> list[dict[str, Term]]:
        self.wrapper.setQuery(query)
        self.queries += 1
        try:
            answer: Any = self.wrapper.query().convert()
        except (SPARQLWrapperException, URLError, OSError, ValueError) as exc:
            raise SparqlError(f"SPARQL endpoint {self.endpoint} failed: {_short(exc)}") from exc
        if not isinstance(answer, dict) or "results" not in answer:
            raise SparqlError(f"SPARQL endpoint {self.endpoint} did not return JSON results")
        return [
            {name: _term(binding) for name, binding in row.items()}
            for row in answer["results"]["bindings"]
        ]


def _short(exc: BaseException) -> str:
    return " ".join(str(exc).split())[:300] or type(exc).__name__


def _term(binding: dict[str, str]) -> Term:
    kind = binding.get("type")
    if kind == "uri":
        return IRI(binding["value"])
    if kind == "bnode":
        return BNode(binding["value"])
    return Literal(binding["value"], binding.get("datatype"), binding.get("xml:lang"))


def _values(qids: Iterable[str]) -> str:
    return " ".join(f"wd:{qid}" for qid in qids)


def _chunks(items: Sequence[str], size: int = BATCH) -> Iterator[Sequence[str]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


@dataclass
class Expansion:
    """What an expansion fetched: items per hop, kept and dropped neighbours, queries."""

    seeds: list[str]
    hops: int
    app: str | None
    frontier_sizes: list[int] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    dropped: int = 0
    queries: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {
            "seeds": self.seeds,
            "hops": self.hops,
            "app": self.app,
            "items_per_hop": self.frontier_sizes,
            "kept_neighbours": len(self.kept),
            "dropped_neighbours": self.dropped,
            "queries": self.queries,
        }


class Expander:
    """Breadth-first expansion inside an app's information space."""

    def __init__(self, client: SparqlClient, app: AppSpec | None, max_items: int = 500):
        self.client = client
        self.app = app
        self.max_items = max_items

    def claims(self, qids: Sequence[str]) -> list[Triple]:
        """Truthy claims and labels of the given items."""
        triples: list[Triple] = []
        for chunk in _chunks(qids):
            query = (
                f"{_PREFIXES}SELECT ?s ?p ?o WHERE {{ VALUES ?s {{ {_values(chunk)} }} "
                f'?s ?p ?o . FILTER(STRSTARTS(STR(?p), "{PROP_NS}direct/") '
                "|| ?p IN (rdfs:label, schema:description, skos:altLabel)) }"
            )
            for row in self.client.select(query):
                subject, predicate = row.get("s"), row.get("p")
                if isinstance(subject, IRI) and isinstance(predicate, IRI) and "o" in row:
                    triples.append(Triple(subject, predicate.value, row["o"]))
        return triples

    def referrers(self, qids: Sequence[str]) -> list[Triple]:
        """Claims of other items that point at the given ones through reverse actions."""
        pids = self.app.reverse_properties() if self.app else []
        triples: list[Triple] = []
        for chunk in _chunks(qids, max(1, BATCH // max(1, len(pids)))):
            if not pids:
                break
            pairs = " ".join(f"(wdt:{pid} wd:{qid})" for qid in chunk for pid in pids)
            query = f"{_PREFIXES}SELECT ?s ?p ?o WHERE {{ VALUES (?p ?o) {{ {pairs} }} ?s ?p ?o }}"
            for row in self.client.select(query):
                subject, predicate, obj = row.get("s"), row.get("p"), row.get("o")
                if isinstance(subject, IRI) and isinstance(predicate, IRI) and obj is not None:
                    triples.append(Triple(subject, predicate.value, obj))
        return triples

    def in_space(self, qids: Sequence[str]) -> set[str]:
        """The items whose classes (P31/P279*) meet the app's root classes."""
        if self.app is None:
            return set(qids)
        roots = _values(self.app.root_classes)
        found: set[str] = set()
        for chunk in _chunks(qids):
            query = (
                f"{_PREFIXES}SELECT DISTINCT ?item WHERE {{ VALUES ?item {{ {_values(chunk)} }} "
                f"?item wdt:P31/wdt:P279* ?root . VALUES ?root {{ {roots} }} }}"
            )
            for row in self.client.select(query):
                item = row.get("item")
                qid = entity_id(item.value) if isinstance(item, IRI) else None
                if qid:
                    found.add(qid)
        return found

    def expand(self, seeds: Sequence[str], hops: int, report: Expansion) -> Iterator[Triple]:
        visited: set[str] = set()
        frontier = sorted(dict.fromkeys(seeds))
        for hop in range(hops + 1):
            frontier = [q for q in frontier if q not in visited][: self.max_items - len(visited)]
            if not frontier:
                break
            visited.update(frontier)
            report.frontier_sizes.append(len(frontier))
            triples = self.claims(frontier)
            if hop < hops:
                triples += self.referrers(frontier)
            yield from triples
            if hop == hops:
                break
            candidates = sorted(_neighbours(triples, set(frontier)) - visited)
            kept = self.in_space(candidates)
            report.dropped += len(candidates) - len(kept)
            report.kept += sorted(kept)
            frontier = sorted(kept)
        report.queries = self.client.queries


def _neighbours(triples: Iterable[Triple], frontier: set[str]) -> set[str]:
    found: set[str] = set()
    direct = f"{PROP_NS}direct/"
    for triple in triples:
        if not triple.predicate.startswith(direct):
            continue
        subject = entity_id(triple.subject.value) if isinstance(triple.subject, IRI) else None
        obj = entity_id(triple.object.value) if isinstance(triple.object, IRI) else None
        for qid in (subject, obj):
            if qid and qid[0] == "Q" and qid not in frontier:
                found.add(qid)
    return found


def check_seeds(seeds: Iterable[str]) -> list[str]:
    checked = [seed.strip().upper() for seed in seeds]
    bad = [seed for seed in checked if not ENTITY_ID.fullmatch(seed) or seed[0] != "Q"]
    if bad:
        raise SparqlError(f"seeds must be item ids such as Q42; not {', '.join(bad)}")
    return checked


def load_sparql(
    graph: Graph,
    endpoint: str,
    seeds: Iterable[str],
    hops: int,
    app: AppSpec | None,
    options: LoadOptions | None = None,
    max_items: int = 500,
) -> tuple[LoadReport, Expansion]:
    """Expand from the seeds and load what was fetched under one :Source for the endpoint."""
    options = options or LoadOptions()
    started = time.perf_counter()
    qids = check_seeds(seeds)
    expansion = Expansion(qids, hops, app.name if app else None)
    key = f"seeds={','.join(qids)};hops={hops};app={expansion.app};max={max_items}"
    source = record_source(
        graph, SOURCE_KIND, endpoint, hashlib.sha256(key.encode("utf-8")).hexdigest()
    )
    report = LoadReport(loaded=[endpoint], sources=[source])
    expander = Expander(SparqlClient(endpoint), app, max_items=max_items)
    grouper = RecordGrouper(max_open=max(options.max_open_entities, max_items * 4))
    triples = expander.expand(qids, hops, expansion)
    records: Iterator[EntityRecord] = grouper.records(triples)
    load_records(graph, records, source, options, report)
    complete_source(graph, source)
    report.triples, report.ignored_triples = grouper.triples, grouper.ignored
    report.ignored_by_reason.update(grouper.ignored_by)
    report.kept_triples.update(grouper.kept)
    report.rejected_triples = grouper.rejected
    report.seconds = time.perf_counter() - started
    return report, expansion
