"""The KGTK and triple JSON readers and the format dispatch, without a database: KGTK
values to typed Wikidata values, triple objects to RDF terms, sniffing JSON files by
their first record, and streaming an input that never ends."""

from __future__ import annotations

import io
import itertools
import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from taskspace.sources.wikidata.errors import KgtkValueError, TripleJsonError
from taskspace.sources.wikidata.kgtk import kgtk_value, text_value
from taskspace.sources.wikidata.loader import LoadOptions, LoadReport, detect_format, file_records
from taskspace.sources.wikidata.mapping import GraphRows
from taskspace.sources.wikidata.readers import sniff_json
from taskspace.sources.wikidata.terms import EARTH, IRI, WD, BNode, EntityRecord, Literal, Value
from taskspace.sources.wikidata.triples_json import triple_terms
from tests.support.wikidata import CITY, FORMATS, KAHN, KARLSRUHE, KEEPER, shared

WDT = "http://www.wikidata.org/prop/direct/"
XSD = "http://www.w3.org/2001/XMLSchema#"


@pytest.mark.parametrize(
    ("node2", "expected"),
    [
        ("Q5", Value("item", "Q5")),
        ("P31", Value("property", "P31")),
        ("'Because of You'@en", Value("monolingual", "Because of You", lang="en")),
        ("'It\\'s \\|'@en-GB", Value("monolingual", "It's |", lang="en-gb")),
        ('"tt0000001"', Value("string", "tt0000001")),
        ("^1876-05-07T00:00:00Z/11", Value("time", "1876-05-07T00:00:00Z", precision=11)),
        ("^-0500/9", Value("time", "-0500-00-00T00:00:00Z", precision=9)),
        ("+296033", Value("quantity", "296033")),
        ("somevalue", Value("somevalue", "")),
        ("novalue", Value("novalue", "")),
        ("+10.5[+10.0,+11.0]Q11573", Value("quantity", "10.5", unit="Q11573")),
        ("1.5e3Q11573", Value("quantity", "1.5e3", unit="Q11573")),
        (
            "@52.52/13.405",
            Value(
                "coordinate",
                "Point(13.405 52.52)",
                latitude=52.52,
                longitude=13.405,
                globe=EARTH,
            ),
        ),
    ],
)
def test_kgtk_values_become_typed_wikidata_values(node2: str, expected: Value) -> None:
    assert kgtk_value(node2) == expected


@pytest.mark.parametrize(
    "node2", ["many", "'unterminated@en", "^1952-03-11/11x", "@95/10", "Q05", "True", ""]
)
def test_values_kgtk_does_not_write_are_errors(node2: str) -> None:
    with pytest.raises(KgtkValueError):
        kgtk_value(node2)


def test_label_text_without_a_language_is_undetermined() -> None:
    assert text_value('"Ada"') == ("und", "Ada")
    assert text_value("'Ada'@EN") == ("en", "Ada")


def _records(data: bytes, fmt: str, options: LoadOptions | None = None) -> list[EntityRecord]:
    report = LoadReport()
    lines = io.BytesIO(data).readlines()
    found = list(file_records(lines, "test", fmt, options or LoadOptions(), report))
    assert report.error_count == 0, report.errors
    return found


def test_a_kgtk_label_file_and_kgtk_column_aliases() -> None:
    """A label file (label, description, alias edges) under KGTK's other column names."""
    data = (
        b"subject\tpredicate\tobject\n"
        b"Q42\tlabel\t'Douglas Adams'@en\n"
        b"Q42\tlabel\t'Douglas Adams'@fr\n"
        b"Q42\tdescription\t'English writer and humorist'@en\n"
        b"Q42\talias\t'Douglas Noel Adams'@en\n"
        b"Q42\talias\t'Douglas Noel Adams'@en\n"
        b"P31\tlabel\t'instance of'@en\n"
        b"P31\tdatatype\twikibase-item\n"
    )
    q42, p31 = _records(data, "kgtk")
    assert q42.labels == {"en": "Douglas Adams", "fr": "Douglas Adams"}
    assert q42.descriptions == {"en": "English writer and humorist"}
    assert q42.aliases == {"en": ["Douglas Noel Adams"]} and q42.truthy == []
    assert (p31.id, p31.labels, p31.datatype) == ("P31", {"en": "instance of"}, "wikibase-item")


def test_triple_objects_accept_both_spellings_and_every_term_form() -> None:
    label = "http://www.w3.org/2000/01/rdf-schema#label"
    cases = [
        (
            {"s": "wd:Q42", "p": "wdt:P31", "o": "wd:Q5"},
            (IRI(WD + "Q42"), WDT + "P31", IRI(WD + "Q5")),
        ),
        (
            {"subject": "Q42", "predicate": "P31", "object": "Q5"},
            (IRI(WD + "Q42"), WDT + "P31", IRI(WD + "Q5")),
        ),
        (
            {"s": "Q42", "p": "label", "o": '"Douglas Adams"@EN'},
            (IRI(WD + "Q42"), label, Literal("Douglas Adams", None, "en")),
        ),
        (
            {"s": "Q42", "p": "P1082", "o": 12},
            (IRI(WD + "Q42"), WDT + "P1082", Literal("12", XSD + "integer")),
        ),
        (
            {"s": "Q42", "p": "P345", "o": "tt0000001"},
            (IRI(WD + "Q42"), WDT + "P345", Literal("tt0000001")),
        ),
        (
            {"s": "_:b1", "p": "rdfs:label", "o": {"value": "x", "language": "de"}},
            (BNode("b1"), label, Literal("x", None, "de")),
        ),
        (
            {
                "s": "<http://www.wikidata.org/entity/Q42>",
                "p": "P569",
                "o": {"type": "literal", "value": "1952-03-11", "datatype": "xsd:date"},
            },
            (IRI(WD + "Q42"), WDT + "P569", Literal("1952-03-11", XSD + "date")),
        ),
        (
            {"s": "Q42", "p": "P345", "o": {"value": "Q42"}},
            (IRI(WD + "Q42"), WDT + "P345", Literal("Q42")),
        ),
    ]
    for document, expected in cases:
        assert triple_terms(document) == expected, document


@pytest.mark.parametrize(
    ("document", "reason"),
    [
        ({"s": "Q42", "p": "P31"}, "no 'o' or 'object' key"),
        ({"s": "Q42", "subject": "Q1", "p": "P31", "o": "Q5"}, "both 's' and 'subject'"),
        ({"s": "Douglas", "p": "P31", "o": "Q5"}, "subject 'Douglas' is not an IRI"),
        ({"s": "Q42", "p": "foo:bar", "o": "Q5"}, "predicate 'foo:bar' is not an IRI"),
        ({"s": "Q42", "p": "_:b", "o": "Q5"}, "predicate '_:b' is not an IRI"),
        ({"s": "Q42", "p": "P31", "o": None}, "object null is not a term"),
        ({"s": "Q42", "p": "P31", "o": '"open'}, "is not an N-Triples literal"),
        ({"s": "Q42", "p": "P31", "o": {"value": "x", "datatype": "not an iri"}}, "datatype"),
        (["Q42", "P31", "Q5"], "not a JSON object"),
    ],
)
def test_unusable_triple_objects_say_why(document: object, reason: str) -> None:
    with pytest.raises(TripleJsonError, match=reason):
        triple_terms(document)


@pytest.mark.parametrize(
    ("data", "kind"),
    [
        ((FORMATS / "wdtk_mock_dump.json").read_bytes(), "entity-json"),
        (CITY.read_bytes(), "entity-json"),
        (KEEPER.read_bytes(), "entity-json"),
        (b'[\n{\n  "id": "Q1",\n  "type": "item"\n}\n]\n', "entity-json"),
        (b'\n{"s": "Q1", "p": "P31", "o": "Q5"}\n', "triples-json"),
        (b'[\n{"subject": "Q1", "predicate": "P31", "object": "Q5"},\n]\n', "triples-json"),
        (b"not json\n", "entity-json"),
    ],
)
def test_json_files_are_told_apart_by_their_first_record(data: bytes, kind: str) -> None:
    found, lines = sniff_json(io.BytesIO(data).readlines())
    assert found == kind and b"".join(lines) == data  # nothing consumed


def test_formats_from_suffixes_and_by_name() -> None:
    assert detect_format(Path("claims.tsv")) == "kgtk"
    assert detect_format(Path("wikidata-20230101-all.tsv.bz2")) == "kgtk"
    assert detect_format(Path("triples.ndjson.gz")) == "json"
    assert detect_format(Path("latest-all.json.bz2")) == "json"
    assert detect_format(Path("x.dat"), "triples-json") == "triples-json"


def _endless_kgtk() -> Iterator[bytes]:
    yield b"id\tnode1\tlabel\tnode2\n"
    for n in itertools.count(1):
        yield f"Q{n}-label\tQ{n}\tlabel\t'item {n}'@en\n".encode()
        yield f"Q{n}-P31\tQ{n}\tP31\tQ5\n".encode()


def _endless_triples_json() -> Iterator[bytes]:
    for n in itertools.count(1):
        label = {"value": f"item {n}", "lang": "en"}
        yield (json.dumps({"s": f"Q{n}", "p": "label", "o": label}) + "\n").encode()
        yield f'{{"s": "Q{n}", "p": "P31", "o": "Q5"}}\n'.encode()


@pytest.mark.parametrize(
    ("fmt", "lines"), [("kgtk", _endless_kgtk), ("json", _endless_triples_json)]
)
def test_the_new_readers_stream_an_endless_input(
    fmt: str, lines: Callable[[], Iterator[bytes]]
) -> None:
    options = LoadOptions(max_open_entities=50)
    found = file_records(lines(), "endless", fmt, options, LoadReport())
    first = list(itertools.islice(found, 3000))
    assert len({record.id for record in first}) == 3000
    assert all(record.labels == {"en": f"item {record.id[1:]}"} for record in first)
    assert all(record.truthy == [("P31", Value("item", "Q5"))] for record in first)


def _dump_layout(*responses: Path) -> bytes:
    """wbgetentities responses rewritten as Wikidata's JSON dump lays entities out."""
    entities = [
        json.dumps(entity, ensure_ascii=False)
        for response in responses
        for entity in json.loads(response.read_text())["entities"].values()
    ]
    return ("[\n" + ",\n".join(entities) + "\n]\n").encode()


def test_real_entities_in_the_json_dump_layout_give_the_rows_of_the_api_responses() -> None:
    """Real Wikidata entities (Oliver Kahn, Karlsruhe), one per line as in latest-all.json."""
    responses = [shared(KAHN), shared(KARLSRUHE)]
    dump = _dump_layout(*responses)
    assert dump.startswith(b"[\n{") and dump.count(b"},\n{") == 1 and dump.endswith(b"}\n]\n")
    from_dump = _rows(_records(dump, "json"))
    from_api = _rows([r for path in responses for r in _records(path.read_bytes(), "json")])
    assert [item["id"] for item in from_dump.items] == ["Q131261", "Q1040"]
    assert from_dump.items == from_api.items and from_dump.claims == from_api.claims
    assert from_dump.statements == from_api.statements and len(from_dump.statements) > 100


def _rows(records: list[EntityRecord]) -> GraphRows:
    out = GraphRows(source="source:test")
    for record in records:
        out.add(record)
    return out
