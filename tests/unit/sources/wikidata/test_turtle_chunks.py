"""Turtle read in chunks by oxigraph, with our parser as referee (wikidata/turtle_fast.py).

Files here span several chunks, so directives must carry from chunk to chunk, a bad
statement must cost only itself (reported at its own line), and the records must be the
ones the same facts give as N-Triples.
"""

from __future__ import annotations

import io

from taskspace.sources.wikidata.ntriples import read_ntriples
from taskspace.sources.wikidata.records import RecordGrouper
from taskspace.sources.wikidata.terms import IRI, BNode, EntityRecord, Literal, ParseIssue, Triple
from taskspace.sources.wikidata.turtle import read_turtle
from taskspace.sources.wikidata.turtle_fast import CHUNK_LINES, parse_chunk
from taskspace.sources.wikidata.turtle_syntax import TurtleState

WD = "http://www.wikidata.org/entity/"
LABEL = "http://www.w3.org/2000/01/rdf-schema#label"
P31 = "http://www.wikidata.org/prop/direct/P31"
HEAD = (
    "@prefix wd: <http://www.wikidata.org/entity/> .\n"
    "@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n"
    "PREFIX wdt: <http://www.wikidata.org/prop/direct/>\n\n"
)
COUNT = 3 * CHUNK_LINES // 3 + 500  # over three chunks of three-line entities


def _entity(number: int) -> str:
    return f'wd:Q{number} rdfs:label "item {number}"@EN ;\n    wdt:P31 wd:Q5 .\n\n'


def _nt(number: int) -> str:
    subject = f"<{WD}Q{number}>"
    return f'{subject} <{LABEL}> "item {number}"@en .\n{subject} <{P31}> <{WD}Q5> .\n'


def _read(reader: object, data: str) -> tuple[dict[str, EntityRecord], list[ParseIssue]]:
    issues: list[ParseIssue] = []
    lines = io.BytesIO(data.encode()).readlines()
    triples = reader(lines, "f", issues.append)  # type: ignore[operator]
    found = {}
    for record in RecordGrouper(file="f", on_issue=issues.append).records(triples):
        record.line = 0  # lines differ between formats by construction
        found[record.id] = record
    return found, issues


def test_a_turtle_file_of_many_chunks_gives_the_records_of_its_ntriples() -> None:
    turtle = HEAD + "".join(_entity(n) for n in range(1, COUNT))
    ntriples = "".join(_nt(n) for n in range(1, COUNT))
    got, issues = _read(read_turtle, turtle)
    expected, _ = _read(read_ntriples, ntriples)
    assert issues == [] and len(got) == COUNT - 1 and got == expected
    assert got[f"Q{COUNT - 1}"].labels == {"en": f"item {COUNT - 1}"}


def test_a_bad_statement_in_a_later_chunk_is_reported_at_its_line_and_only_it_is_lost() -> None:
    bad_at = COUNT // 2
    entities = [_entity(n) for n in range(1, COUNT)]
    entities[bad_at - 1] = f'wd:Q{bad_at} rdfs:label "unterminated ;\n    wdt:P31 wd:Q5 .\n\n'
    turtle = HEAD + "".join(entities)
    line = HEAD.count("\n") + 3 * (bad_at - 1) + 1
    got, issues = _read(read_turtle, turtle)
    assert [issue.line for issue in issues] == [line]
    assert "unterminated" in issues[0].reason
    assert f"Q{bad_at}" not in got and len(got) == COUNT - 2
    assert got[f"Q{bad_at - 1}"].labels == {"en": f"item {bad_at - 1}"}
    assert got[f"Q{bad_at + 1}"].truthy[0][0] == "P31"


def test_a_bad_property_id_in_a_clean_chunk_is_reported_at_its_exact_line() -> None:
    bad_at = COUNT - 10
    entities = [_entity(n) for n in range(1, COUNT)]
    entities[bad_at - 1] = f"wd:Q{bad_at} <http://www.wikidata.org/prop/direct/P31x> wd:Q5 .\n\n\n"
    got, issues = _read(read_turtle, HEAD + "".join(entities))
    assert [issue.line for issue in issues] == [HEAD.count("\n") + 3 * (bad_at - 1) + 1]
    assert "not a property id" in issues[0].reason
    assert len(got) == COUNT - 2


def test_a_prefix_redefined_in_a_later_chunk_applies_from_there_on() -> None:
    half = COUNT // 2
    turtle = (
        HEAD
        + "".join(_entity(n) for n in range(1, half))
        + "@prefix wd: <http://example.org/other/> .\n\n"
        + "".join(_entity(n) for n in range(half, COUNT))
    )
    got, issues = _read(read_turtle, turtle)
    assert issues == [] and len(got) == half - 1 and f"Q{half - 1}" in got


def test_a_clean_chunk_is_parsed_by_oxigraph_and_its_directives_carry_on() -> None:
    state = TurtleState(base="http://example.org/dir/")
    text = '@prefix ex: <http://example.org/x#> .\n<a> ex:p "v"@EN-GB, "w", 5 .\n'
    triples = parse_chunk(text, state, 7)
    assert triples == [
        Triple(IRI("http://example.org/dir/a"), "http://example.org/x#p", obj, 7)
        for obj in (
            Literal("v", None, "en-gb"),
            Literal("w"),
            Literal("5", "http://www.w3.org/2001/XMLSchema#integer"),
        )
    ]
    assert state.prefixes == {"ex": "http://example.org/x#"}
    assert parse_chunk("<b> ex:p ex:o .\n", state, 9) == [
        Triple(
            IRI("http://example.org/dir/b"),
            "http://example.org/x#p",
            IRI("http://example.org/x#o"),
            9,
        )
    ]


def test_chunks_oxigraph_might_read_otherwise_go_to_our_parser() -> None:
    state = TurtleState(base="http://example.org/")
    for text in (
        "<a> <p> [ <q> 1 ] .\n",  # our [] labels run through the file
        "_:x <p> <o> .\n",
        '<a> <p> "s"^^<http://www.w3.org/2001/XMLSchema#string> .\n',
        'VERSION "1.2"\n<a> <p> <o> .\n',
        "<a> <p> <<( <a> <p> <o> )>> .\n",
        '<a> <p> "x"@en--ltr .\n',
        "<a> <p> <o>\n",  # no '.': rejected
        "<a> <http://www.wikidata.org/prop/direct/P1-x> <o> .\n",
    ):
        assert parse_chunk(text, state, 1) is None, text
    assert state.prefixes == {}


def test_blank_nodes_keep_our_numbering_across_chunks() -> None:
    filler = "".join(_entity(n) for n in range(1, CHUNK_LINES // 3 + 10))
    turtle = HEAD + f"wd:Q1 wdt:P31 [] .\n\n{filler}wd:Q2 wdt:P31 [] .\n"
    issues: list[ParseIssue] = []
    lines = io.BytesIO(turtle.encode()).readlines()
    blanks = [
        t.object for t in read_turtle(lines, "f", issues.append) if isinstance(t.object, BNode)
    ]
    assert issues == [] and blanks == [BNode("#b1"), BNode("#b2")]
