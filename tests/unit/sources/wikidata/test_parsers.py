"""Wikidata readers without a database: N-Triples, Turtle blocks, entity JSON, records, rows."""

from __future__ import annotations

import io
import itertools
import json
from collections.abc import Callable, Iterator
from datetime import date
from pathlib import Path

import pytest
from neo4j.spatial import WGS84Point

from taskspace.sources.wikidata.entity_json import read_entity_json
from taskspace.sources.wikidata.errors import NotTextError, NTriplesError, WikidataLoadError
from taskspace.sources.wikidata.inputs import sniffed
from taskspace.sources.wikidata.loader import (
    LoadOptions,
    LoadReport,
    detect_format,
    file_records,
    open_lines,
)
from taskspace.sources.wikidata.mapping import GraphRows, preferred_datatype
from taskspace.sources.wikidata.ntriples import parse_line, read_ntriples, unescape
from taskspace.sources.wikidata.terms import IRI, BNode, EntityRecord, Literal, ParseIssue
from taskspace.sources.wikidata.turtle import MAX_ERRORS_PER_BLOCK, read_turtle, split_blocks
from tests.support.wikidata import BAD, DUMP_CHUNK, FIXTURES, Q42_TTL, shared


def records(path: Path, fmt: str | None = None) -> tuple[dict[str, EntityRecord], LoadReport]:
    report = LoadReport()
    with open_lines(path) as (lines, _):
        found = file_records(lines, path.name, fmt or detect_format(path), LoadOptions(), report)
        return {record.id: record for record in found}, report


def rows_of(found: dict[str, EntityRecord]) -> GraphRows:
    rows = GraphRows(source="source:test")
    for record in found.values():
        rows.add(record)
    return rows


def item_props(rows: GraphRows, qid: str) -> dict[str, object]:
    return next(dict(row["props"]) for row in rows.items if row["id"] == qid)


def test_ntriples_line_decodes_every_escape() -> None:
    line = (
        '<http://ex.org/s\\u00E9> <http://ex.org/p> "tab\\there \\"q\\" \\\\ \\n'
        ' caf\\u00E9 \\U0001F600 \\uD83D\\uDE00"@EN-gb . # comment'
    )
    subject, predicate, obj = parse_line(line)  # type: ignore[misc]
    assert subject == IRI("http://ex.org/sé") and predicate == "http://ex.org/p"
    assert obj == Literal('tab\there "q" \\ \n café 😀 😀', None, "en-gb")
    typed = parse_line('_:b1 <http://ex.org/p> "5"^^<http://www.w3.org/2001/XMLSchema#integer>.')
    assert typed == (BNode("b1"), "http://ex.org/p", Literal("5", f"{XSD}integer"))
    assert parse_line("   ") is None and parse_line("# only a comment") is None


XSD = "http://www.w3.org/2001/XMLSchema#"


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ('<http://a b> <http://p> "x" .', "bad IRI"),
        ('<http://a> <http://p> "x .', "unterminated literal"),
        ('<http://a> <http://p> "x\\q" .', "invalid escape '\\q'"),
        ("<http://a> <http://p> <http://o>", "missing '.'"),
        ('<http://a> <http://p> "x"@ .', "bad datatype or language tag"),
        ('"lit" <http://p> <http://o> .', "unexpected '\"' at column 1"),
        ("<http://a> <http://p> <http://o> . extra", "unexpected text after '.'"),
        ("<a> <http://p> <http://o> .", "relative IRI at column 1: '<a>'"),
        ("<http://a> <p> <http://o> .", "relative IRI at column 12"),
        ('<http://a> <http://p> "1"^^<int> .', "relative datatype IRI at column 28"),
    ],
)
def test_ntriples_bad_lines_say_why(line: str, reason: str) -> None:
    with pytest.raises(NTriplesError) as caught:
        parse_line(line)
    assert reason in str(caught.value)


def test_unescape_rejects_lone_surrogates_and_echar_in_iris() -> None:
    with pytest.raises(NTriplesError, match="surrogate"):
        unescape("\\uD83D alone")
    with pytest.raises(NTriplesError, match="invalid escape"):
        unescape("a\\tb", iri=True)


# Each malformed input: the line reported, words of the reason, and the entities still read.
BAD_CASES = [
    ("bad_iri.nt", 2, "bad IRI", {"Q900301", "Q900302"}),
    ("unterminated_literal.nt", 2, "unterminated literal", {"Q900301", "Q900302"}),
    ("bad_escape.nt", 2, "invalid escape '\\q'", {"Q900301", "Q900302"}),
    ("missing_dot.nt", 2, "missing '.'", {"Q900301", "Q900302"}),
    ("truncated_last_line.nt", 3, "truncated last line", {"Q900301", "Q900302"}),
    ("bad_utf8.nt", 2, "invalid UTF-8", {"Q900301", "Q900302"}),
    ("bad_lines.jsonl", 3, "bad JSON", {"Q900310", "Q900311", "Q900312"}),
    ("bad_block.ttl", 9, "Turtle syntax error", {"Q900320", "Q900322"}),
    ("truncated.ttl", 6, "truncated last block", {"Q900330"}),
]


@pytest.mark.parametrize(("name", "line", "reason", "kept"), BAD_CASES)
def test_bad_input_is_reported_with_line_and_reason(
    name: str, line: int, reason: str, kept: set[str]
) -> None:
    found, report = records(BAD / name)
    assert set(found) == kept
    first = report.errors[0]
    assert (first.file, first.line) == (name, line)
    assert reason in first.reason
    assert report.error_count == len(report.errors) >= 1


def test_every_bad_line_of_a_file_is_counted() -> None:
    _, escapes = records(BAD / "bad_escape.nt")
    assert [(e.line, e.reason.split(" ")[0]) for e in escapes.errors] == [
        (2, "invalid"),
        (3, "invalid"),
        (4, "bad"),
    ]
    _, lines = records(BAD / "bad_lines.jsonl")
    assert [e.line for e in lines.errors] == [3, 4, 5, 6, 8]
    assert "neither an entity" in lines.errors[1].reason
    assert "'X12' is not a QID" in lines.errors[2].reason
    assert "unknown datavalue type 'weird'" in lines.errors[3].reason
    assert lines.errors[4].reason.startswith("truncated last line")


def test_format_comes_from_the_suffix() -> None:
    assert detect_format(Path("x.nt.gz")) == "nt"
    assert detect_format(Path("latest-truthy.nt.bz2")) == "nt"
    assert detect_format(Path("dump.ttl")) == "ttl"
    assert detect_format(Path("entities.json")) == "json"
    assert detect_format(Path("weird.dat"), "ttl") == "ttl"
    with pytest.raises(WikidataLoadError, match="--format"):
        detect_format(Path("weird.dat"))


def test_turtle_blocks_start_where_statements_start() -> None:
    issues: list[ParseIssue] = []
    with open_lines(FIXTURES / "mini_dump.ttl") as (lines, _):
        blocks = list(split_blocks(lines, "mini_dump.ttl", issues.append))
    assert not issues
    assert len(blocks) > 10
    starts = [start for start, _ in blocks]
    assert starts == sorted(starts)
    text = (FIXTURES / "mini_dump.ttl").read_text().splitlines()
    assert all(text[start - 1] == block[0].rstrip("\n") for start, block in blocks)
    directives = [line for line in text if line.startswith("@prefix")]
    assert sum(1 for _, block in blocks if block[0].startswith("@prefix")) == len(directives)


def test_own_wdqs_dump_gives_ranks_qualifier_precision_and_units() -> None:
    found, report = records(FIXTURES / "mini_dump.ttl")
    assert report.error_count == 0
    assert set(found) == {"Q900100", "Q900101", "P106"}
    assert found["P106"].datatype == "wikibase-item"
    rows = rows_of(found)
    author = item_props(rows, "Q900100")
    assert author["label"] == "Example Author"
    assert json.loads(str(author["labels_all"])) == {
        "en": "Example Author",
        "de": "Beispielautorin",
    }
    assert author["aliases"] == ["E. Author", "Ex Author"]
    assert author["P569"] == "1950" and author["P569_precision"] == 9
    assert author["P2048"] == 1.8 and author["P2048_unit"] == "Q11573"
    statements = {row["id"]: row for row in rows.statements}
    preferred = statements["Q900100$AAAA0002-0000-0000-0000-000000000002"]
    assert preferred["props"]["rank"] == "preferred"
    assert json.loads(preferred["props"]["qualifiers_json"]) == {
        "P580": [{"value": "1975-06", "type": "time", "precision": 10}]
    }
    assert statements["q900100$AAAA0003-0000-0000-0000-000000000003"]["value_item"] == "Q1930187"
    deprecated = statements["Q900100$AAAA0005-0000-0000-0000-000000000005"]["props"]
    assert (deprecated["rank"], deprecated["value"]) == ("deprecated", "1951-02-03")
    assert rows.claims["P106"] == [
        {
            "start": "Q900100",
            "end": "Q36180",
            "props": {
                "rank": "preferred",
                "statement": "Q900100$AAAA0002-0000-0000-0000-000000000002",
            },
        }
    ]


def test_own_ntriples_literals_are_typed() -> None:
    found, report = records(FIXTURES / "mini_films.nt")
    assert report.error_count == 0 and report.ignored_triples == 1
    rows = rows_of(found)
    film = item_props(rows, "Q900001")
    assert film["P577"] == date(1999, 5, 20) and "P577_precision" not in film
    assert film["P2047"] == 112 and film["P1476"] == "Harbour Lights"
    assert film["P1476_lang"] == "en" and film["P345"] == "tt9000001"
    assert json.loads(str(film["labels_all"]))["fr"] == "Lumières du port"
    second = item_props(rows, "Q900002")
    assert second["P577"] == [date(2001, 1, 1), date(2002, 3, 4)]
    assert "P58" not in second  # an unknown value (blank node) is no literal
    town = item_props(rows, "Q900030")
    assert town["P625"] == WGS84Point((8.4, 49.0)) and town["P1082"] == 12345
    director = item_props(rows, "Q900010")
    assert json.loads(str(director["descriptions_all"]))["fr"] == 'réalisatrice de "films"\tportés'
    assert item_props(rows, "Q900012")["label"] == "Extra 😀"
    assert sorted(row["end"] for row in rows.claims["P161"] if row["start"] == "Q900001") == [
        "Q900010",
        "Q900011",
        "Q900012",
    ]
    assert rows.properties == [
        {
            "id": "P57",
            "props": {
                "pid": "P57",
                "source": "source:test",
                "lang": "en",
                "label": "director",
                "labels_all": '{"en": "director"}',
            },
        }
    ]


def test_entity_json_truthy_follows_ranks_and_keeps_types() -> None:
    found, report = records(FIXTURES / "keeper.wbgetentities.json")
    assert report.error_count == 0
    rows = rows_of(found)
    keeper = item_props(rows, "Q900200")
    assert keeper["P569"] == date(1969, 6, 15) and keeper["P569_precision"] == 11
    assert keeper["P2048"] == 1.88 and keeper["P2048_unit"] == "Q11573"
    assert (keeper["P1477"], keeper["P1477_lang"]) == ("Gerd Keeper", "de")
    assert keeper["aliases"] == ["G. Keeper", "The Wall"]
    assert [row["end"] for row in rows.claims["P27"]] == ["Q183"]  # preferred beats normal
    assert sorted(row["end"] for row in rows.claims["P54"]) == ["Q900202", "Q900203"]
    assert "P22" not in rows.claims and "P26" not in rows.claims
    statements = {row["id"]: row["props"] for row in rows.statements}
    assert statements["Q900200$11111111-0000-0000-0000-000000000011"]["value_type"] == "somevalue"
    assert statements["Q900200$11111111-0000-0000-0000-000000000012"]["value_type"] == "novalue"
    assert json.loads(
        statements["Q900200$11111111-0000-0000-0000-000000000009"]["qualifiers_json"]
    ) == {
        "P1350": [{"type": "quantity", "value": "429"}],
        "P580": [{"precision": 9, "type": "time", "value": "1994"}],
    }
    assert rows.bare_properties["P2048"] == "quantity"


def test_json_dump_lines_and_property_entities() -> None:
    found, report = records(FIXTURES / "city_dump.json")
    assert report.error_count == 0 and set(found) == {"Q900201", "P19"}
    rows = rows_of(found)
    city = item_props(rows, "Q900201")
    assert city["P1082"] == 300000 and city["P625"] == WGS84Point((8.4, 49.01))
    assert rows.bare_properties["P19"] == "wikibase-item"
    assert rows.properties[0]["props"]["aliases"] == ["birthplace"]


def test_datatype_choice_does_not_depend_on_order() -> None:
    names = [None, "string", "external-id", "wikibase-item", "quantity"]
    for a in names:
        for b in names:
            assert preferred_datatype(a, b) == preferred_datatype(b, a)
    assert preferred_datatype("string", "external-id") == "external-id"


def test_pretty_printed_api_response_is_read_whole() -> None:
    entity = json.loads((FIXTURES / "keeper.wbgetentities.json").read_text())
    pretty = json.dumps(entity, indent=2).encode().splitlines(keepends=True)
    issues: list[ParseIssue] = []
    found = list(read_entity_json(pretty, "pretty.json", issues.append))
    assert [record.id for record in found] == ["Q900200"] and not issues


def test_real_dump_chunk_concatenates_blocks() -> None:
    found, report = records(shared(DUMP_CHUNK))
    assert report.error_count == 0
    assert set(found) == {"Q31", "Q8"}
    statement = found["Q8"].statements["Q8$63214A9F-B2C8-42F9-8DA0-B046A989DDCF"]
    assert (statement.pid, statement.rank, statement.value.text if statement.value else None) == (
        "P646",
        "normal",
        "/m/016pp7",
    )


def test_real_q42_dump_parses_whole() -> None:
    found, report = records(shared(Q42_TTL))
    assert report.error_count == 0 and list(found) == ["Q42"]
    q42 = found["Q42"]
    assert ("P31", "Q5") in [(pid, v.text) for pid, v in q42.truthy]
    assert q42.labels["en"] == "Douglas Adams" and q42.labels["ru"] == "Дуглас Адамс"
    assert len(q42.statements) > 250


def test_ntriples_reader_counts_lines_across_blank_and_comment_lines() -> None:
    issues: list[ParseIssue] = []
    text = b"# c\n\n<http://a> <http://p> <http://o> .\n<bad\n"
    triples = list(read_ntriples(text.splitlines(keepends=True), "f.nt", issues.append))
    assert [t.line for t in triples] == [3]
    assert [(i.line, i.reason.split(" ")[0]) for i in issues] == [(4, "unterminated")]


def _endless_ntriples() -> Iterator[bytes]:
    for n in itertools.count(1):
        subject = f"<http://www.wikidata.org/entity/Q{n}>"
        yield f'{subject} <http://www.w3.org/2000/01/rdf-schema#label> "item {n}"@en .\n'.encode()
        yield f"{subject} <{WDT}P31> <http://www.wikidata.org/entity/Q5> .\n".encode()


def _endless_turtle() -> Iterator[bytes]:
    for n in itertools.count(1):
        yield b"@prefix wd: <http://www.wikidata.org/entity/> .\n"
        yield b"@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n\n"
        yield f'wd:Q{n} rdfs:label "item {n}"@en .\n\n'.encode()


def _endless_json() -> Iterator[bytes]:
    yield b"[\n"
    for n in itertools.count(1):
        label = {"en": {"language": "en", "value": f"item {n}"}}
        entity = {"type": "item", "id": f"Q{n}", "labels": label, "claims": {}}
        yield json.dumps(entity).encode() + b",\n"


WDT = "http://www.wikidata.org/prop/direct/"


@pytest.mark.parametrize(
    ("lines", "fmt"),
    [(_endless_ntriples, "nt"), (_endless_turtle, "ttl"), (_endless_json, "json")],
)
def test_readers_stream_an_endless_input(lines: Callable[[], Iterator[bytes]], fmt: str) -> None:
    """Nothing reads its whole input: records come out of an input that never ends, and the
    grouper never holds more than its bound of open entities."""
    options = LoadOptions(max_open_entities=50)
    found = file_records(lines(), "endless", fmt, options, LoadReport())
    first = list(itertools.islice(found, 3000))
    ids = [record.id for record in first]
    assert len(set(ids)) == 3000  # no entity was split into two records
    assert all(record.labels == {"en": f"item {record.id[1:]}"} for record in first)


def test_a_dump_stated_twice_gives_the_same_rows(tmp_path: Path) -> None:
    """RDF is a set of triples: a qualifier stated twice is one qualifier."""
    twice = tmp_path / "twice.ttl"
    twice.write_bytes((FIXTURES / "mini_dump.ttl").read_bytes() * 2)
    once_rows, twice_rows = (
        rows_of(records(FIXTURES / "mini_dump.ttl")[0]),
        rows_of(records(twice)[0]),
    )
    assert once_rows.statements and once_rows.statements == twice_rows.statements
    assert once_rows.items == twice_rows.items


def test_an_unterminated_long_string_costs_only_its_own_statement() -> None:
    """The splitter thinks the rest of the file is inside the string; once a block is too
    large it is parsed anyway, the fault reported, and the good blocks after it load."""
    good = '<http://www.wikidata.org/entity/Q{n}> <{label}> "good {n}"@en .\n\n'
    label = "http://www.w3.org/2000/01/rdf-schema#label"
    text = good.format(n=900701, label=label)
    text += f'<http://www.wikidata.org/entity/Q900702> <{label}> """never closed .\n\n'
    text += "".join(good.format(n=900710 + i, label=label) for i in range(50))
    issues: list[ParseIssue] = []
    lines = io.BytesIO(text.encode()).readlines()
    found = {t.subject for t in read_turtle(lines, "cut.ttl", issues.append, max_block_chars=1000)}
    assert [(i.line, "unterminated or malformed long string" in i.reason) for i in issues] == [
        (3, True)
    ]
    ids = {s.value.rsplit("/", 1)[-1] for s in found if isinstance(s, IRI)}
    assert ids == {"Q900701"} | {f"Q{900710 + i}" for i in range(50)}


def test_a_block_of_nothing_but_errors_is_cut_short() -> None:
    """Statements without '.' never close a block; each resumption re-reads its rest."""
    lines = io.BytesIO(b"<a> <b> <c>\n\n" * 250).readlines()
    issues: list[ParseIssue] = []
    assert list(read_turtle(lines, "junk.ttl", issues.append)) == []
    assert len(issues) == MAX_ERRORS_PER_BLOCK + 1
    assert issues[-1] == ParseIssue(
        "junk.ttl", 201, f"{MAX_ERRORS_PER_BLOCK} errors in one block; lines 201-500 skipped"
    )


def test_turtle_bytes_that_are_not_utf8_cost_their_statement_only() -> None:
    label = "http://www.w3.org/2000/01/rdf-schema#label"
    text = "".join(
        f'<http://www.wikidata.org/entity/Q90080{n}> <{label}> "{word}"@en .{tail}\n\n'
        for n, word, tail in [(1, "ok", ""), (2, "café", ""), (3, "ok", " # café")]
    )
    issues: list[ParseIssue] = []
    lines = io.BytesIO(text.encode("latin-1")).readlines()
    found = [(t.subject, t.object) for t in read_turtle(lines, "latin.ttl", issues.append)]
    assert [s.value[-7:] for s, _ in found if isinstance(s, IRI)] == ["Q900801", "Q900803"]
    assert [(i.line, "invalid UTF-8 in a string" in i.reason) for i in issues] == [(3, True)]


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ("<a> <b> <c> .\n".encode("utf-16"), "UTF-16 text"),
        (b"<a> <b> <c> .\n" + b"\x00\x01\x02\n" * 3, "3 of the first 4 lines hold NUL bytes"),
        ("é\n".encode("latin-1") * 3 + b"ok\n", "3 of the first 4 lines are not UTF-8"),
    ],
)
def test_a_file_that_is_not_text_is_refused_before_reading(data: bytes, reason: str) -> None:
    with pytest.raises(NotTextError, match=reason):
        sniffed(io.BytesIO(data).readlines())


def test_a_bom_is_dropped_and_a_few_bad_lines_are_left_to_the_readers() -> None:
    data = b"\xef\xbb\xbf<a> <b> <c> .\n" + "é\n".encode("latin-1") + b"ok\n" * 3
    assert list(sniffed(io.BytesIO(data).readlines()))[:2] == [b"<a> <b> <c> .\n", b"\xe9\n"]
