"""`kg load wikidata` into the real test server: own fixtures, real dumps, bad input, CLI."""

from __future__ import annotations

import bz2
import gzip
import json
import shutil
from datetime import date
from pathlib import Path

import click
from click.testing import CliRunner

from taskspace.cli.load_wikidata import wikidata
from taskspace.cli.main import KgGroup
from taskspace.graph.connection import Graph
from taskspace.sources.wikidata.loader import LoadOptions, load_files
from tests.support.wikidata import (
    BAD,
    CITY,
    DUMP,
    DUMP_CHUNK,
    FILM_SLICE,
    FILMS,
    KAHN,
    KARLSRUHE,
    KEEPER,
    Q42_TTL,
    rows,
    shared,
    snapshot,
    value,
)


def clear(graph: Graph) -> None:
    graph.run_autocommit("MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 10000 ROWS")


def test_ntriples_fixture_loads_items_edges_and_typed_literals(graph: Graph) -> None:
    report = load_files(graph, [FILMS], LoadOptions(batch_size=7))
    assert report.error_count == 0 and report.loaded == [str(FILMS)]
    film = rows(graph, "MATCH (f:Entity:Item {id: 'Q900001'}) RETURN f")[0]["f"]
    assert film["label"] == "Harbour Lights" and film["qid"] == "Q900001"
    assert film["aliases"] == ["Harbor Lights"] and film["aliases_text"] == "Harbor Lights"
    assert json.loads(film["labels_all"]) == {"en": "Harbour Lights", "fr": "Lumières du port"}
    assert film["P577"].to_native() == date(1999, 5, 20) and film["P2047"] == 112
    cast = rows(
        graph, "MATCH (:Item {id: 'Q900001'})-[:P161]->(p:Item) RETURN p.id AS id ORDER BY id"
    )
    assert [row["id"] for row in cast] == ["Q900010", "Q900011", "Q900012"]
    bare = rows(graph, "MATCH (n:Entity:Item {id: 'Q5'}) RETURN n.label AS label, n.qid AS qid")
    assert bare == [{"label": None, "qid": "Q5"}]
    director = rows(graph, "MATCH (p:Property {id: 'P57'}) RETURN p.label AS label")
    assert director == [{"label": "director"}]
    source = rows(graph, "MATCH (s:Source) RETURN s.kind AS kind, s.uri AS uri, s.id AS id")
    assert [(s["kind"], s["uri"]) for s in source] == [("wikidata", str(FILMS.resolve()))]
    unsourced = value(
        graph, "MATCH (n) WHERE NOT n:Source AND n.source <> $s RETURN count(n)", s=source[0]["id"]
    )
    assert unsourced == 0
    assert report.claims["P161"] == 4 and report.literals == 8


def test_loading_twice_changes_nothing(graph: Graph) -> None:
    load_files(graph, [FILMS, DUMP])
    before = snapshot(graph)
    again = load_files(graph, [FILMS, DUMP])
    assert again.nodes_created == 0 and again.relationships_created == 0
    assert snapshot(graph) == before


def test_wdqs_dump_fixture_gives_statements_with_ranks_and_qualifiers(graph: Graph) -> None:
    report = load_files(graph, [DUMP])
    assert report.error_count == 0 and report.statements == 7
    found = rows(
        graph,
        "MATCH (:Item {id: 'Q900100'})-[:HAS_STATEMENT]->(s:Statement {rank: 'preferred'})"
        "-[:VALUE]->(v:Item), (s)-[:OF_PROPERTY]->(p:Property) "
        "RETURN s.id AS id, v.id AS value, p.label AS property, s.qualifiers_json AS q",
    )
    assert found == [
        {
            "id": "Q900100$AAAA0002-0000-0000-0000-000000000002",
            "value": "Q36180",
            "property": "occupation",
            "q": '{"P580": [{"precision": 10, "type": "time", "value": "1975-06"}]}',
        }
    ]
    occupations = rows(graph, "MATCH (:Item {id: 'Q900100'})-[r:P106]->(o) RETURN o.id AS id")
    assert occupations == [{"id": "Q36180"}]  # the normal-rank journalist is not truthy
    author = rows(
        graph,
        "MATCH (a:Item {id: 'Q900100'}) RETURN a.P569 AS born, "
        "a.P569_precision AS precision, a.P2048 AS height, a.P2048_unit AS unit",
    )
    assert author == [{"born": "1950", "precision": 9, "height": 1.8, "unit": "Q11573"}]
    book = rows(graph, "MATCH (b:Item {id: 'Q900101'})-[:P50]->(a) RETURN a.label AS author")
    assert book == [{"author": "Example Author"}]


def test_json_files_meet_in_one_node_in_either_order(graph: Graph) -> None:
    load_files(graph, [KEEPER])
    half = rows(graph, "MATCH (c:Item {id: 'Q900201'}) RETURN c.label AS label, c.qid AS qid")
    assert half == [{"label": None, "qid": "Q900201"}]
    load_files(graph, [CITY])
    born = rows(
        graph, "MATCH (:Item {id: 'Q900200'})-[:P19]->(c:Item) RETURN c.id AS id, c.label AS l"
    )
    assert born == [{"id": "Q900201", "l": "Fairhaven"}]
    forward = snapshot(graph)
    clear(graph)
    load_files(graph, [CITY])
    load_files(graph, [KEEPER])
    assert snapshot(graph) == forward
    datatype = value(graph, "MATCH (p:Property {id: 'P2048'}) RETURN p.datatype")
    assert datatype == "quantity"


def test_real_kahn_and_karlsruhe_in_either_order_and_twice(graph: Graph) -> None:
    kahn, karlsruhe = shared(KAHN), shared(KARLSRUHE)
    load_files(graph, [kahn, karlsruhe])
    edge = rows(
        graph, "MATCH (:Item {id: 'Q131261'})-[:P19]->(c:Item) RETURN c.id AS id, c.label AS l"
    )
    assert edge == [{"id": "Q1040", "l": "Karlsruhe"}]
    assert value(graph, "MATCH (n:Item {id: 'Q1040'}) RETURN count(n)") == 1
    forward = snapshot(graph)
    load_files(graph, [kahn, karlsruhe])
    assert snapshot(graph) == forward
    clear(graph)
    load_files(graph, [karlsruhe, kahn])
    assert snapshot(graph) == forward
    population = rows(
        graph,
        "MATCH (:Item {id: 'Q1040'})-[:HAS_STATEMENT]->(s:Statement {pid: 'P1082', "
        "rank: 'preferred'}) RETURN s.value AS value",
    )
    assert population == [{"value": "307755"}]
    assert value(graph, "MATCH (c:Item {id: 'Q1040'}) RETURN c.P1082") == 307755


def test_real_q42_dump(graph: Graph) -> None:
    report = load_files(graph, [shared(Q42_TTL)])
    assert report.error_count == 0 and report.items == 1
    q42 = rows(graph, "MATCH (q:Item {id: 'Q42'})-[:P31]->(c) RETURN q, c.id AS class")[0]
    assert q42["class"] == "Q5" and q42["q"]["label"] == "Douglas Adams"
    assert json.loads(q42["q"]["labels_all"])["ru"] == "Дуглас Адамс"
    assert q42["q"]["P569"].to_native() == date(1952, 3, 11)
    assert (q42["q"]["P2048"], q42["q"]["P2048_unit"]) == (1.96, "Q11573")
    # data:Q42 says wikibase:statements "307"
    assert value(graph, "MATCH (:Item {id: 'Q42'})-[:HAS_STATEMENT]->(s) RETURN count(s)") == 307
    residence = rows(
        graph,
        "MATCH (s:Statement {id: 'Q42$9D3B2F23-36F4-4212-983B-DC15D47FC01E'})-[:VALUE]->(v) "
        "RETURN s.rank AS rank, s.pid AS pid, v.id AS value",
    )
    assert residence == [{"rank": "preferred", "pid": "P551", "value": "Q84"}]
    occupation = value(
        graph,
        "MATCH (s:Statement {id: 'Q42$D6E21D67-05D6-4A0B-8458-0744FCEED13D'}) "
        "RETURN s.qualifiers_json",
    )
    assert json.loads(occupation) == {"P580": [{"precision": 9, "type": "time", "value": "1979"}]}
    deprecated = rows(
        graph,
        "MATCH (s:Statement {id: 'Q42$bf7e1294-4f0f-3511-ab5f-81f47f5c98cb'}) "
        "RETURN s.rank AS rank, s.value AS value, s.unit AS unit",
    )
    assert deprecated == [{"rank": "deprecated", "value": "10", "unit": "Q199"}]


def test_real_dump_chunk(graph: Graph) -> None:
    report = load_files(graph, [shared(DUMP_CHUNK)])
    assert report.error_count == 0
    items = rows(graph, "MATCH (n:Item) WHERE n.lang IS NOT NULL RETURN n.id AS id ORDER BY id")
    assert [row["id"] for row in items] == ["Q31", "Q8"]
    freebase = rows(
        graph,
        "MATCH (:Item {id: 'Q8'})-[:HAS_STATEMENT]->(s)-[:OF_PROPERTY]->(p:Property) "
        "RETURN p.id AS pid, s.value AS value, s.rank AS rank",
    )
    assert freebase == [{"pid": "P646", "value": "/m/016pp7", "rank": "normal"}]


def test_real_film_slice(graph: Graph) -> None:
    report = load_files(graph, [shared(FILM_SLICE)])
    assert report.error_count == 0 and report.triples == 14930
    # grep -c 'P31> <http://www.wikidata.org/entity/Q11424>' gives 554
    assert value(graph, "MATCH (f:Item)-[:P31]->(:Item {id: 'Q11424'}) RETURN count(f)") == 554
    film = rows(
        graph,
        "MATCH (f:Item {id: 'Q1001943'})-[:P57]->(d) RETURN f.label AS film, d.id AS d, "
        "f.P577 AS released",
    )
    assert film[0]["film"] == "Buffalo Bill and the Indians, or Sitting Bull's History Lesson"
    assert film[0]["d"] == "Q55163" and film[0]["released"].to_native() == date(1976, 6, 24)
    assert report.claims["P161"] == 7356
    # No triple disappears (#27): each one read is kept, ignored with a reason or rejected,
    # and the 177 `P… P31 Q…` statements about properties are kept as rdflib-neo4j keeps them.
    assert report.triples == sum(report.kept_triples.values()) + report.ignored_triples
    assert report.rejected_triples == 0 and sum(report.ignored_by_reason.values()) == 4
    assert report.ignored_by_reason == {
        "subject outside Wikidata's entity, statement and value IRIs": 4
    }
    # grep -c 'entity/P[0-9]*> <http://www.wikidata.org/prop/direct/P31>' gives 177
    assert value(graph, "MATCH (:Property)-[r:P31]->(:Item) RETURN count(r)") == 177
    assert report.kept_triples["truthy claim"] == sum(report.claims.values()) == 13251
    edges = value(graph, "MATCH (:Item|Property)-[r]->(:Item) RETURN count(r)")
    assert edges == sum(report.claims.values()) - report.literals


def test_bad_corpus_loads_the_good_lines_and_reports_the_rest(graph: Graph, tmp_path: Path) -> None:
    inputs = [*sorted(p for p in BAD.iterdir() if p.suffix != ".yaml"), tmp_path / "absent.nt"]
    report = load_files(graph, inputs)
    absent = tmp_path / "absent.nt"
    assert report.failed == [(str(absent), f"no such file or folder: {absent}")]
    where = {(Path(e.file).name, e.line) for e in report.errors}
    assert {("bad_iri.nt", 2), ("bad_block.ttl", 9), ("bad_lines.jsonl", 3)} <= where
    cut = [e for e in report.errors if e.file.endswith("truncated.nt.gz")]
    assert len(cut) == 1 and "stopped reading: compressed file is truncated" in cut[0].reason
    assert report.error_count == 16
    good = {"Q900301", "Q900302", "Q900310", "Q900312", "Q900320", "Q900322", "Q900330"}
    loaded = rows(graph, "MATCH (n:Item) WHERE n.lang IS NOT NULL RETURN n.id AS id")
    assert good <= {row["id"] for row in loaded}
    assert not {"Q900321", "Q900331"} & {row["id"] for row in loaded}
    # Q900311's only statement has an unknown value type: the statement is skipped and
    # reported (line 6), the item itself loads.
    assert ("bad_lines.jsonl", 6) in where
    assert value(graph, "MATCH (:Item {id: 'Q900311'})-[:HAS_STATEMENT]->(s) RETURN count(s)") == 0


def test_compressed_inputs_load_like_plain_ones(graph: Graph, tmp_path: Path) -> None:
    zipped, packed = tmp_path / "films.nt.gz", tmp_path / "films.nt.bz2"
    zipped.write_bytes(gzip.compress(FILMS.read_bytes()))
    packed.write_bytes(bz2.compress(FILMS.read_bytes()))
    for path in (zipped, packed):
        report = load_files(graph, [path])
        assert report.error_count == 0 and report.items == 8
    assert value(graph, "MATCH (n:Item) WHERE n.lang IS NOT NULL RETURN count(n)") == 8


def _kg() -> click.Group:
    @click.group(cls=KgGroup)
    def kg() -> None:
        """Test entry point: the real error handling of `kg` around our command."""

    kg.add_command(wikidata)
    return kg


def test_cli_prints_json_and_table_and_errors(
    server_env: dict[str, str], graph: Graph, tmp_path: Path
) -> None:
    runner = CliRunner()
    result = runner.invoke(
        _kg(), ["wikidata", str(FILMS), str(BAD / "bad_iri.nt"), "--json"], env=server_env
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)["files"]
    assert data["items"] == 10 and data["errors"] == 1
    assert data["error_details"][0]["line"] == 2 and data["claims_by_property"]["P161"] == 4
    table = runner.invoke(_kg(), ["wikidata", str(DUMP), "--lang", "de"], env=server_env)
    assert table.exit_code == 0, table.output
    assert "Claims by property" in table.output and "statements" in table.output
    assert value(graph, "MATCH (a:Item {id: 'Q900100'}) RETURN a.label") == "Beispielautorin"
    odd = tmp_path / "data.xyz"
    shutil.copy(FILMS, odd)
    refused = runner.invoke(_kg(), ["wikidata", str(odd)], env=server_env)
    assert refused.exit_code == 1 and "Error: Nothing loaded" in refused.output
    assert "--format" in refused.output
    forced = runner.invoke(
        _kg(), ["wikidata", str(odd), "--format", "nt", "--json"], env=server_env
    )
    assert forced.exit_code == 0 and json.loads(forced.output)["files"]["items"] == 8
    nothing = runner.invoke(_kg(), ["wikidata"], env=server_env)
    assert nothing.exit_code == 1 and "Error: nothing to load" in nothing.output
