"""The W3C Turtle and N-Triples syntax suites against the Wikidata readers.

Every negative case sits between two good Wikidata blocks, as a bad record does in a real
dump: it must be reported with a line inside the case, and both good entities must still
be read. Every positive case must read without a report; every Turtle evaluation case must
give the triples of its expected N-Triples (language tags lower-cased, as the loader keeps
them). The suites are vendored under tests/fixtures/wikidata/w3c (tests/fixtures/SOURCES.md).
"""

from __future__ import annotations

import io
import logging
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

import pytest
import rdflib
from rdflib.compare import isomorphic

from taskspace.graph.connection import Graph
from taskspace.sources.wikidata.loader import LoadOptions, load_files
from taskspace.sources.wikidata.ntriples import OnIssue, read_ntriples
from taskspace.sources.wikidata.records import RecordGrouper
from taskspace.sources.wikidata.terms import IRI, BNode, EntityRecord, ParseIssue, Term, Triple
from taskspace.sources.wikidata.turtle import read_turtle
from tests.support.w3c import AFTER, BEFORE, Case, cases, sandwich
from tests.support.wikidata import rows

Reader = Callable[[Iterable[bytes], str, OnIssue], Iterator[Triple]]
TURTLE_BAD = cases("rdf-turtle", "TestTurtleNegativeSyntax")
TURTLE_GOOD = cases("rdf-turtle", "TestTurtlePositiveSyntax", "TestTurtleEval")
TURTLE_EVAL = cases("rdf-turtle", "TestTurtleEval")
NT_BAD = cases("rdf-n-triples", "TestNTriplesNegativeSyntax")
NT_GOOD = cases("rdf-n-triples", "TestNTriplesPositiveSyntax")
SUITE_BASE = "https://w3c.github.io/rdf-tests/rdf/rdf11/rdf-turtle/"


def test_the_suites_are_all_there() -> None:
    assert (len(TURTLE_BAD), len(TURTLE_GOOD), len(TURTLE_EVAL)) == (94, 219, 145)
    assert (len(NT_BAD), len(NT_GOOD)) == (29, 41)


def _read(reader: Reader, data: bytes) -> tuple[dict[str, EntityRecord], list[ParseIssue]]:
    issues: list[ParseIssue] = []
    found = RecordGrouper().records(reader(io.BytesIO(data).readlines(), "case", issues.append))
    return {record.id: record for record in found}, issues


def _negative(reader: Reader, case: Case) -> None:
    data, lines = sandwich(case)
    found, issues = _read(reader, data)
    assert issues, f"{case.name} was accepted"
    assert [i for i in issues if i.line in lines], (case.name, issues)
    assert not [i for i in issues if i.line not in lines], (case.name, issues)
    assert found[BEFORE].labels == {"en": "good before"}
    assert found[AFTER].labels == {"en": "good after"}


@pytest.mark.parametrize("case", TURTLE_BAD, ids=lambda c: c.name)
def test_turtle_negative_case_is_reported_and_its_neighbours_load(case: Case) -> None:
    _negative(read_turtle, case)


@pytest.mark.parametrize("case", NT_BAD, ids=lambda c: c.name)
def test_ntriples_negative_case_is_reported_and_its_neighbours_load(case: Case) -> None:
    _negative(read_ntriples, case)


@pytest.mark.parametrize("case", TURTLE_GOOD, ids=lambda c: c.name)
def test_turtle_positive_case_reads_cleanly(case: Case) -> None:
    issues: list[ParseIssue] = []
    list(read_turtle(io.BytesIO(case.action.read_bytes()).readlines(), "c", issues.append))
    assert issues == []


@pytest.mark.parametrize("case", NT_GOOD, ids=lambda c: c.name)
def test_ntriples_positive_case_reads_cleanly(case: Case) -> None:
    issues: list[ParseIssue] = []
    list(read_ntriples(io.BytesIO(case.action.read_bytes()).readlines(), "c", issues.append))
    assert issues == []


def _node(term: Term) -> rdflib.term.Node:
    if isinstance(term, IRI):
        return rdflib.URIRef(term.value)
    if isinstance(term, BNode):
        return rdflib.BNode(term.id.replace("#", "x"))
    datatype = None if term.lang else term.datatype
    return rdflib.Literal(term.lexical, lang=term.lang, datatype=datatype)


@pytest.mark.parametrize("case", TURTLE_EVAL, ids=lambda c: c.name)
def test_turtle_evaluation_case_gives_the_expected_triples(case: Case) -> None:
    assert case.result is not None
    got, issues = rdflib.Graph(), list[ParseIssue]()
    lines = io.BytesIO(case.action.read_bytes()).readlines()
    for t in read_turtle(lines, "c", issues.append, base=SUITE_BASE + case.action.name):
        got.add((_node(t.subject), rdflib.URIRef(t.predicate), _node(t.object)))
    expected = rdflib.Graph()
    for s, p, o in rdflib.Graph().parse(case.result, format="nt"):
        if isinstance(o, rdflib.Literal) and o.language:
            o = rdflib.Literal(str(o), lang=o.language.lower())
        expected.add((s, p, o))
    assert issues == [] and isomorphic(got, expected)


@pytest.mark.parametrize(("suite", "suffix"), [(TURTLE_BAD, ".ttl"), (NT_BAD, ".nt")])
def test_a_folder_of_every_negative_case_loads_every_good_block(
    graph: Graph, tmp_path: Path, suite: list[Case], suffix: str
) -> None:
    """One file per negative case, each between two good blocks of its own, as one load."""
    expected = set()
    for number, case in enumerate(suite):
        data, _ = sandwich(case)
        first, second = f"Q91{number:04d}1", f"Q91{number:04d}2"
        data = data.replace(BEFORE.encode(), first.encode())
        data = data.replace(AFTER.encode(), second.encode())
        (tmp_path / f"{case.action.stem}{suffix}").write_bytes(data)
        expected |= {first, second}
    report = load_files(graph, [tmp_path], LoadOptions())
    loaded = rows(graph, "MATCH (n:Item) WHERE n.label STARTS WITH 'good' RETURN n.id AS id")
    assert report.failed == [] and len(report.loaded) == len(suite)
    assert {row["id"] for row in loaded} == expected
    assert len({issue.file for issue in report.errors}) == len(suite)


def test_reading_every_negative_case_prints_and_logs_nothing(
    capfd: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    """Faults reach the report only; rdflib used to log its warnings to stderr."""
    caplog.set_level(logging.DEBUG)
    for reader, suite in ((read_turtle, TURTLE_BAD), (read_ntriples, NT_BAD)):
        for case in suite:
            _read(reader, sandwich(case)[0])
    assert caplog.records == [] and capfd.readouterr() == ("", "")
