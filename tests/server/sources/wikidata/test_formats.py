"""KGTK edge files, Wikidata's JSON dump and triple JSON lines into the real test server:
each gives the graph the same facts give through N-Triples, plain or compressed, twice
loaded is once loaded, and bad records are reported by line while the rest loads."""

from __future__ import annotations

import bz2
import gzip
import io
import json
import shutil
from collections.abc import Callable
from datetime import date
from pathlib import Path

import pytest
from click.testing import CliRunner

from taskspace.graph.connection import Graph
from taskspace.sources.wikidata.loader import LoadOptions, load_files
from taskspace.sources.wikidata.ntriples import read_ntriples
from taskspace.sources.wikidata.terms import IRI, BNode, Term
from tests.server.sources.wikidata.test_inputs import _kg
from tests.support.wikidata import (
    FILMS,
    FORMATS,
    rows,
    snapshot,
    value,
    without_sources,
)

KGTK_SONG = FORMATS / "kgtk_Q75992564.tsv"
KGTK_DATES = FORMATS / "kgtk_P569_P570.tsv"
WDTK_DUMP = FORMATS / "wdtk_mock_dump.json"
Shot = tuple[list[str], list[str]]


def _loaded(graph: Graph, *paths: Path, lang: str = "en") -> Shot:
    """The graph after loading ``paths`` into an empty database, without provenance."""
    graph.run_autocommit("MATCH (n) DETACH DELETE n")
    report = load_files(graph, list(paths), LoadOptions(lang=lang))
    assert report.error_count == 0 and not report.failed, report.as_dict()
    return without_sources(snapshot(graph))


def _compressed(path: Path, folder: Path) -> list[Path]:
    gz, bz = folder / f"{path.name}.gz", folder / f"{path.name}.bz2"
    gz.write_bytes(gzip.compress(path.read_bytes()))
    bz.write_bytes(bz2.compress(path.read_bytes()))
    return [gz, bz]


def test_a_real_kgtk_edge_file_gives_the_graph_of_the_same_facts_in_ntriples(
    graph: Graph, tmp_path: Path
) -> None:
    expected = _loaded(graph, KGTK_SONG.with_suffix(".nt"))
    assert _loaded(graph, KGTK_SONG) == expected
    for variant in _compressed(KGTK_SONG, tmp_path):
        assert _loaded(graph, variant) == expected, variant.name
    graph.run_autocommit("MATCH (n) DETACH DELETE n")
    report = load_files(graph, [KGTK_SONG])
    # 29 edges; isa, degrees and page ranks (9 edges) carry nothing the graph keeps
    assert (report.triples, report.ignored_triples, report.entities) == (29, 9, 2)
    found = rows(
        graph,
        "MATCH (n:Item {id: 'Q75992564'})-[:P31]->(c:Item) "
        "RETURN n.label AS label, n.P1476 AS title, n.P4404 AS ids, c.id AS class, "
        "c.label AS class_label",
    )
    assert found == [
        {
            "label": "Because of You",
            "title": "Because of You",
            "ids": ["102eb099-3119-4d08-80f5-06511af875a4", "1c5c05d6-dff6-440a-ba1f-54000e2d04bd"],
            "class": "Q55850593",
            "class_label": "music track with vocals",
        }
    ]
    claims = value(graph, "MATCH (:Item {id: 'Q75992564'})-[r]->(:Item) RETURN count(r)")
    assert claims == 13
    before = snapshot(graph)
    load_files(graph, [KGTK_SONG])
    assert snapshot(graph) == before


def test_kgtk_label_and_claim_files_load_in_either_order_to_the_graph_of_one_file(
    graph: Graph, tmp_path: Path
) -> None:
    """KGTK's Wikidata exports split labels (labels.en.tsv …) from claims (claims.tsv)."""
    header, *edges = KGTK_SONG.read_text().splitlines(keepends=True)
    terms = [edge for edge in edges if edge.split("\t")[2] in ("label", "description")]
    labels, claims = tmp_path / "labels.en.tsv", tmp_path / "claims.tsv"
    labels.write_text(header + "".join(terms))
    claims.write_text(header + "".join(edge for edge in edges if edge not in terms))
    whole = _loaded(graph, KGTK_SONG)
    assert len(terms) == 3
    assert _loaded(graph, labels, claims) == whole
    assert _loaded(graph, claims, labels) == whole


def test_kgtk_dates_keep_the_precision_that_truthy_ntriples_cannot_state(
    graph: Graph,
) -> None:
    expected = _loaded(graph, KGTK_DATES.with_suffix(".nt"))
    shot = _loaded(graph, KGTK_DATES)
    person = rows(
        graph,
        "MATCH (n:Item {id: 'Q75952971'})-[:P21]->(g:Item) RETURN n.P569 AS born, "
        "n.P569_precision AS born_precision, n.P570 AS died, g.label AS gender",
    )
    assert person == [
        {
            "born": date(1876, 5, 7),
            "born_precision": 11,
            "died": date(1957, 2, 26),
            "gender": "male",
        }
    ]
    labels = rows(graph, "MATCH (p:Property) RETURN p.id AS id, p.label AS label ORDER BY id")
    assert labels == [
        {"id": "P21", "label": None},
        {"id": "P31", "label": None},
        {"id": "P569", "label": "date of birth"},
        {"id": "P570", "label": "date of death"},
    ]
    # The only difference: the precisions (day, 11) KGTK writes and wdt: triples cannot.
    nodes = []
    for text in shot[0]:
        node = json.loads(text)
        for key in ("P569_precision", "P570_precision"):
            node["props"].pop(key, None)
        nodes.append(json.dumps(node, sort_keys=True))
    assert (sorted(nodes), shot[1]) == expected and shot != expected


def test_a_real_json_dump_excerpt_loads_line_by_line_plain_and_compressed(
    graph: Graph, tmp_path: Path
) -> None:
    """Wikidata Toolkit's mock dump: ``[``, one entity per line ending in ``,``, ``]``."""
    lines = WDTK_DUMP.read_bytes().splitlines()
    assert lines[0] == b"[" and lines[-1] == b"]" and lines[1].endswith(b"},")
    shot = _loaded(graph, WDTK_DUMP, lang="de")
    load_files(graph, [WDTK_DUMP], LoadOptions(lang="de"))
    assert without_sources(snapshot(graph)) == shot  # loading twice changes nothing
    for variant in _compressed(WDTK_DUMP, tmp_path):
        assert _loaded(graph, variant, lang="de") == shot, variant.name
    items = rows(
        graph,
        "MATCH (n:Item) WHERE n.lang IS NOT NULL RETURN n.id AS id, n.label AS label, "
        "n.aliases AS aliases, n.P18 AS image ORDER BY id",
    )
    assert items == [
        {
            "id": "Q1",
            "label": "Universum",
            "aliases": ["All", "Kosmos", "Weltall", "Weltraum"],
            "image": "Hubble ultra deep field.jpg",
        },
        {
            "id": "Q8",
            "label": "Glück",
            "aliases": None,
            "image": "Sweet Baby Kisses Family Love.jpg",
        },
    ]
    assert value(graph, "MATCH (p:Property {id: 'P16'}) RETURN p.label") == "Straßennetz"
    assert value(graph, "MATCH (s:Statement) RETURN count(s)") == 5
    claims = "MATCH (a)-[r:P31]->(b) RETURN a.id AS a, b.id AS b ORDER BY a, b"
    terms = (
        "MATCH (n:Entity) WHERE n.lang IS NOT NULL RETURN n.id AS id, n.label AS label, "
        "n.description AS description, n.aliases AS aliases, n.P18 AS image ORDER BY id"
    )
    from_json = rows(graph, claims), rows(graph, terms)
    _loaded(graph, WDTK_DUMP.with_suffix(".nt"), lang="de")
    assert (rows(graph, claims), rows(graph, terms)) == from_json
    assert len(from_json[0]) == 3


def _as_triple_json(nt: bytes) -> bytes:
    """Each N-Triples line as one JSON triple, alternating both key spellings and both
    term forms (SPARQL JSON term objects, N-Triples term strings)."""
    out = []
    triples = read_ntriples(io.BytesIO(nt).readlines(), "x", lambda issue: None)
    for number, triple in enumerate(triples):
        subject = triple.subject
        name = subject.value if isinstance(subject, IRI) else f"_:{subject.id}"
        keys = ("s", "p", "o") if number % 2 else ("subject", "predicate", "object")
        term = _term_object(triple.object) if number % 2 else _term_string(triple.object)
        out.append(json.dumps(dict(zip(keys, (name, triple.predicate, term), strict=True))))
    return ("\n".join(out) + "\n").encode()


def _term_object(term: Term) -> dict[str, str]:
    if isinstance(term, IRI):
        return {"type": "uri", "value": term.value}
    if isinstance(term, BNode):
        return {"type": "bnode", "value": term.id}
    found = {"type": "literal", "value": term.lexical}
    found.update({"xml:lang": term.lang} if term.lang else {})
    found.update({"datatype": term.datatype} if term.datatype else {})
    return found


def _term_string(term: Term) -> str:
    if isinstance(term, IRI):
        return f"<{term.value}>"
    if isinstance(term, BNode):
        return f"_:{term.id}"
    tail = f"@{term.lang}" if term.lang else (f"^^<{term.datatype}>" if term.datatype else "")
    return json.dumps(term.lexical, ensure_ascii=False) + tail


@pytest.mark.parametrize("suffix", [".jsonl", ".ndjson.gz", ".json.bz2"])
def test_triple_json_lines_give_the_graph_of_the_same_ntriples(
    graph: Graph, tmp_path: Path, suffix: str
) -> None:
    expected = _loaded(graph, FILMS)
    data = _as_triple_json(FILMS.read_bytes())
    packs: dict[str, Callable[[bytes], bytes]] = {".gz": gzip.compress, ".bz2": bz2.compress}
    path = tmp_path / f"films{suffix}"
    path.write_bytes(packs.get(path.suffix, bytes)(data))
    assert _loaded(graph, path) == expected
    report = load_files(graph, [path])
    assert report.triples == 39 and report.error_count == 0
    assert without_sources(snapshot(graph)) == expected  # loading twice changes nothing


def test_bad_kgtk_edges_are_reported_by_line_and_the_rest_loads(graph: Graph) -> None:
    report = load_files(graph, [FORMATS / "bad_edges.tsv"])
    assert report.loaded == [str(FORMATS / "bad_edges.tsv")]
    reasons = {error.line: error.reason for error in report.errors}
    assert sorted(reasons) == [4, 5, 6, 8, 9, 20]
    assert "is not a KGTK date" in reasons[4] and "'many' is not a KGTK value" in reasons[5]
    assert reasons[6] == "3 columns where the header has 4"
    assert reasons[8].startswith("unknown rank 'sometimes'")
    assert reasons[9].startswith("invalid UTF-8")
    kept = rows(
        graph,
        "MATCH (n:Item) WHERE n.lang IS NOT NULL RETURN n.id AS id, n.label AS label, "
        "n.P2044 AS height, n.P2044_unit AS unit, n.P625.latitude AS lat, n.P577 AS year, "
        "n.P577_precision AS precision, n.P1448 AS name, [(n)-[r]->(m) | type(r) + ' ' + m.id] "
        "AS claims ORDER BY id",
    )
    assert kept == [
        {
            "id": "Q900701",
            "label": "Kept item",
            "height": 10.5,
            "unit": "Q11573",
            "lat": 52.52,
            "year": None,
            "precision": None,
            "name": None,
            "claims": ["P31 Q5"],
        },
        {
            "id": "Q900702",
            "label": "Also kept",
            "height": None,
            "unit": None,
            "lat": None,
            "year": "2001",
            "precision": 9,
            "name": "It's",
            "claims": ["P166 Q900701"],  # preferred over normal; deprecated never
        },
    ]


def test_bad_triple_json_lines_are_reported_by_line_and_the_rest_loads(graph: Graph) -> None:
    path = FORMATS / "bad_triples.jsonl"
    report = load_files(graph, [path])
    assert report.loaded == [str(path)]
    reasons = {error.line: error.reason for error in report.errors}
    assert sorted(reasons) == [3, 5, 6, 7, 8, 9, 14, 16]
    assert reasons[3] == "no 'o' or 'object' key (a triple needs s, p and o)"
    assert reasons[9] == "both 's' and 'subject' given; use one"
    assert "invalid escape" in reasons[14] and reasons[16].startswith("truncated last line")
    found = rows(
        graph,
        "MATCH (n:Item {id: 'Q900801'}) RETURN n.label AS label, n.P1476 AS title, "
        "n.P2044 AS amount, n.P577 AS published, n.P345 AS imdb, "
        "[(n)-[r]->(m) | type(r) + ' ' + m.id + ' ' + coalesce(m.label, '')] AS claims",
    )
    assert len(found) == 1 and sorted(found[0].pop("claims")) == [
        "P136 Q900802 Second triple item",
        "P31 Q5 ",
    ]
    assert found[0] == {
        "label": "Triple item",
        "title": "Triple title",
        "amount": 12.5,
        "published": date(2001, 5, 20),
        "imdb": "tt0000001",
    }


def test_folders_pick_the_new_suffixes_and_unknown_files_name_the_formats(
    server_env: dict[str, str], graph: Graph, tmp_path: Path
) -> None:
    folder = tmp_path / "inputs"
    folder.mkdir()
    shutil.copy(KGTK_SONG, folder / "song.tsv")
    (folder / "dates.tsv.bz2").write_bytes(bz2.compress(KGTK_DATES.read_bytes()))
    (folder / "films.ndjson.gz").write_bytes(gzip.compress(_as_triple_json(FILMS.read_bytes())))
    (folder / "notes.txt").write_text("not an input\n")
    result = CliRunner().invoke(_kg(), ["wikidata", str(folder), "--json"], env=server_env)
    assert result.exit_code == 0, result.output
    loaded = sorted(Path(f).name for f in json.loads(result.output)["files"]["loaded"])
    assert loaded == ["dates.tsv.bz2", "films.ndjson.gz", "song.tsv"]
    odd = tmp_path / "edges.dat"
    shutil.copy(KGTK_DATES, odd)
    failed = CliRunner().invoke(_kg(), ["wikidata", str(odd)], env=server_env)
    assert failed.exit_code == 1
    assert "cannot tell the format of edges.dat" in failed.output
    for name in ("nt, ttl, json", "kgtk", "triples-json", "entity-json"):
        assert name in failed.output
    forced = CliRunner().invoke(
        _kg(), ["wikidata", str(odd), "--format", "kgtk", "--json"], env=server_env
    )
    assert forced.exit_code == 0 and json.loads(forced.output)["files"]["entities"] == 5


def test_a_tsv_without_kgtk_columns_fails_with_its_reason(graph: Graph, tmp_path: Path) -> None:
    path = tmp_path / "table.tsv"
    path.write_text("name\tcity\nAda\tLondon\n")
    report = load_files(graph, [path])
    assert report.loaded == [] and report.failed == [
        (str(path), "nothing loaded: all 1 record(s) were bad")
    ]
    assert report.errors[0].line == 1
    assert report.errors[0].reason.startswith("not a KGTK edge file: the header needs node1")
