"""Every W3C negative syntax case, put in real Wikidata data, is located by line with the
right reason (#27): one defect, one skipped record, and the good data around it read."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Iterator

from taskspace.sources.wikidata.ntriples import OnIssue, read_ntriples
from taskspace.sources.wikidata.records import RecordGrouper
from taskspace.sources.wikidata.terms import ParseIssue, Triple
from taskspace.sources.wikidata.turtle import read_turtle
from tests.support.w3c import Probe, probe
from tests.support.wikidata import DUMP_CHUNK, FILM_SLICE, shared

Reader = Callable[[Iterable[bytes], str, OnIssue], Iterator[Triple]]
TURTLE = "TestTurtleNegativeSyntax"
NO_PREFIX = ("turtle-syntax-bad-prefix-01", "turtle-syntax-bad-prefix-02")
"""Bad only because ':' is undeclared: they go before any case declares it."""
OPEN_LONG = ("turtle-syntax-bad-string-03", "turtle-syntax-bad-string-04")
"""Each leaves a long string open to the end of the file, so each goes last in a probe."""
TWO_DEFECTS = {
    "turtle-syntax-bad-missing-ns-dot-end": "invalid.:o",
    "turtle-syntax-bad-missing-ns-dot-start": ".undefined:s",
    "turtle-syntax-bad-n3-extras-07": "x a Item",
    "turtle-syntax-bad-n3-extras-08": "x a Item",
    "turtle-syntax-bad-n3-extras-13": "x @a Item",
    "turtle-syntax-bad-ns-dot-end": "eg.:s",
    "turtle-syntax-bad-ns-dot-start": ".eg:s",
}
"""Cases holding a bad directive and, on a later line, a statement bad in itself."""


def _issues(probe: Probe, reader: Reader) -> list[ParseIssue]:
    issues: list[ParseIssue] = []
    lines = io.BytesIO(probe.data).readlines()
    records = list(RecordGrouper().records(reader(lines, "probe", issues.append)))
    assert len(records) > len(probe.spans)  # the good data around the cases is read
    return issues


def _located(probe: Probe, issues: list[ParseIssue]) -> dict[str, list[ParseIssue]]:
    found = {name: [i for i in issues if i.line in lines] for name, lines in probe.spans.items()}
    assert sum(len(hits) for hits in found.values()) == len(issues)  # none outside a case
    return found


def test_every_turtle_negative_case_in_a_wdqs_dump_is_one_record_with_its_reason() -> None:
    good = shared(DUMP_CHUNK).read_text(encoding="utf-8")
    for last, without in (OPEN_LONG, OPEN_LONG[::-1]):
        case_probe = probe(good, "rdf-turtle", TURTLE, NO_PREFIX, (last,), (without,))
        found = _located(case_probe, _issues(case_probe, read_turtle))
        for name, hits in found.items():
            assert len(hits) == (2 if name in TWO_DEFECTS else 1), (name, hits)
            if name in TWO_DEFECTS:
                assert TWO_DEFECTS[name] in hits[1].reason
            # a bad directive or statement is a syntax error; only the file's end is a cut
            assert name == last or not [h for h in hits if "truncated" in h.reason], hits
        assert len(found) == 93


def test_a_bad_sparql_style_directive_is_a_syntax_error_not_a_truncation() -> None:
    text = (
        shared(DUMP_CHUNK).read_text(encoding="utf-8")
        + "\nPREFIX invalid.: <http://example.com/i#>\n\n"
        + '<http://www.wikidata.org/entity/Q900902> rdfs:label "after"@en .\n'
    )
    issues: list[ParseIssue] = []
    lines = io.BytesIO(text.encode()).readlines()
    triples = list(read_turtle(lines, "dump.ttl", issues.append))
    at = text.splitlines().index("PREFIX invalid.: <http://example.com/i#>") + 1
    assert issues == [
        ParseIssue(
            "dump.ttl",
            at,
            "Turtle syntax error: expected a prefix name ending in ':', "
            "found 'invalid.: <h' (column 8)",
        )
    ]
    assert triples[-1].subject.value.endswith("Q900902")  # type: ignore[union-attr]


def test_every_ntriples_negative_case_in_the_film_slice_is_one_record() -> None:
    good = "".join(shared(FILM_SLICE).read_text(encoding="utf-8").splitlines(True)[:500])
    case_probe = probe(good, "rdf-n-triples", "TestNTriplesNegativeSyntax")
    found = _located(case_probe, _issues(case_probe, read_ntriples))
    assert len(found) == 29
    assert {name: len(hits) for name, hits in found.items()} == dict.fromkeys(found, 1)
