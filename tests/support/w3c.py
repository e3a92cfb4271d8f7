"""The W3C Turtle and N-Triples syntax suites (tests/fixtures/wikidata/w3c): their manifest
entries, and each case put between two good Wikidata blocks, as a real file would carry a
bad record among good ones."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import rdflib

from tests.support.locations import TESTS

W3C = TESTS / "fixtures" / "wikidata" / "w3c"
_MF = rdflib.Namespace("http://www.w3.org/2001/sw/DataAccess/tests/test-manifest#")
_RDFT = rdflib.Namespace("http://www.w3.org/ns/rdftest#")
LABEL = "http://www.w3.org/2000/01/rdf-schema#label"
BEFORE, AFTER = "Q900901", "Q900902"


class Case(NamedTuple):
    name: str
    kind: str
    """The rdft test type without its namespace, e.g. TestTurtleNegativeSyntax."""
    action: Path
    result: Path | None


def cases(suite: str, *kinds: str) -> list[Case]:
    """Entries of ``w3c/<suite>/manifest.ttl`` whose type is one of ``kinds``."""
    folder = W3C / suite
    graph = rdflib.Graph()
    graph.parse(folder / "manifest.ttl", format="turtle")
    found = []
    for kind in kinds:
        for entry in graph.subjects(rdflib.RDF.type, _RDFT[kind]):
            name = str(graph.value(entry, _MF.name))
            action = folder / str(graph.value(entry, _MF.action)).rsplit("/", 1)[-1]
            result = graph.value(entry, _MF.result)
            expected = folder / str(result).rsplit("/", 1)[-1] if result else None
            found.append(Case(name, kind, action, expected))
    return sorted(found)


def good_line(qid: str, text: str) -> str:
    return f'<http://www.wikidata.org/entity/{qid}> <{LABEL}> "{text}"@en .\n'


def sandwich(case: Case) -> tuple[bytes, range]:
    """Good block, blank line, the case, blank line, good block; and the case's lines."""
    body = case.action.read_bytes()
    if not body.endswith(b"\n"):
        body += b"\n"
    head = (good_line(BEFORE, "good before") + "\n").encode()
    tail = ("\n" + good_line(AFTER, "good after")).encode()
    first = 3
    return head + body + tail, range(first, first + max(1, body.count(b"\n")))


class Probe(NamedTuple):
    """Good data with the negative cases of a suite in it, and where each case is."""

    data: bytes
    spans: dict[str, range]
    """Each case's file name (without suffix; two cases share a name) and its lines."""


def probe(
    good: str,
    suite: str,
    kind: str,
    first: tuple[str, ...] = (),
    last: tuple[str, ...] = (),
    without: tuple[str, ...] = (),
) -> Probe:
    """``good`` (real Wikidata text), then the ``kind`` cases of ``suite``, each after a
    good line of its own. Cases bad only for want of a prefix go ``first`` (a later case
    may declare it); a case that leaves a long string open goes ``last`` (the rest of the
    file is inside it), so of two such cases one goes ``without``."""
    found = {c.action.stem: c for c in cases(suite, kind) if c.action.stem not in without}
    order = [*first, *sorted(set(found) - {*first, *last}), *last]
    text = good if good.endswith("\n") else good + "\n"
    spans: dict[str, range] = {}
    for index, name in enumerate(order):
        body = found[name].action.read_text(encoding="utf-8")
        body = body if body.endswith("\n") else body + "\n"
        text += "\n" + good_line(f"Q9{index:05d}", f"good {index}") + "\n"
        line = text.count("\n") + 1
        spans[name] = range(line, line + body.count("\n"))
        text += body
    return Probe(text.encode(), spans)
