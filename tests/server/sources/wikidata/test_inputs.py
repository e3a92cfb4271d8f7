"""Inputs that broke `kg load wikidata` (issue #10): hostile names, empty and binary
files, folders, missing paths, partial loads, and a rerun after a killed load; all into
the real test server."""

from __future__ import annotations

import bz2
import gzip
import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from taskspace.cli.load_wikidata import wikidata
from taskspace.cli.main import KgGroup
from taskspace.graph.connection import Graph
from taskspace.graph.ids import file_checksum
from taskspace.graph.provenance import record_source
from taskspace.sources.wikidata.loader import (
    LoadOptions,
    LoadReport,
    file_records,
    load_files,
    load_records,
    open_lines,
)
from taskspace.sources.wikidata.terms import EntityRecord
from tests.support.wikidata import (
    BAD,
    CITY,
    DUMP,
    FILM_SLICE,
    FILMS,
    KAHN,
    KARLSRUHE,
    KEEPER,
    rows,
    shared,
    snapshot,
    value,
    without_sources,
)

WD, WDT, P = (
    "http://www.wikidata.org/entity/",
    "http://www.wikidata.org/prop/direct/",
    "http://www.wikidata.org/prop/",
)
LABEL = "http://www.w3.org/2000/01/rdf-schema#label"


def _kg() -> click.Group:
    @click.group(cls=KgGroup)
    def kg() -> None:
        """Test entry point: the real error handling of `kg` around our command."""

    kg.add_command(wikidata)
    return kg


HOSTILE_NT = f"""\
<{WD}Q900501> <{LABEL}> "kept"@en .
<{WD}Q900501> <{WDT}id> "Q900999" .
<{WD}Q900501> <{WDT}label> "spoofed" .
<{WD}Q900501> <{WDT}source> "source:fake" .
<{WD}Q900501> <{WDT}P31_x> <{WD}Q5> .
<{WD}Q900501> <{P}qid> <{WD}statement/Q900501-1> .
<{WD}statement/Q900501-1> <{P}statement/aliases> "x" .
<{WD}Q900501> <{WDT}P31> <{WD}Q5> .
<{WD}Q900501> <{WDT}P1476> "A title"@en .
"""


def test_hostile_predicates_are_reported_and_cannot_touch_reserved_keys(
    graph: Graph, tmp_path: Path
) -> None:
    path = tmp_path / "hostile.nt"
    path.write_text(HOSTILE_NT)
    report = load_files(graph, [path])
    assert [(e.line, "is not a property id" in e.reason) for e in report.errors] == [
        (line, True) for line in range(2, 8)
    ]
    assert report.loaded == [str(path)] and report.failed == []
    node = rows(graph, "MATCH (n:Item {id: 'Q900501'}) RETURN n")[0]["n"]
    assert node["label"] == "kept" and node["source"] == report.sources[0]
    assert node["qid"] == "Q900501" and node["P1476"] == "A title"
    assert not {"P31_x", "aliases"} & set(node)
    assert value(graph, "MATCH (n {id: 'Q900999'}) RETURN count(n)") == 0
    assert (
        value(graph, "MATCH (:Item {id: 'Q900501'})-[:P31]->(:Item {id: 'Q5'}) RETURN count(*)")
        == 1
    )
    before = snapshot(graph)
    again = load_files(graph, [path])
    assert again.error_count == 6 and again.nodes_created == 0
    assert snapshot(graph) == before


def test_hostile_json_claims_are_reported_and_the_rest_of_the_entity_loads(
    graph: Graph, tmp_path: Path
) -> None:
    def claim(pid: str, target: str, sid: str) -> dict[str, object]:
        value = {"type": "wikibase-entityid", "value": {"id": target}}
        snak = {"snaktype": "value", "property": pid, "datavalue": value}
        return {"id": sid, "rank": "normal", "mainsnak": snak}

    entity = {
        "type": "item",
        "id": "Q900510",
        "labels": {"en": {"language": "en", "value": "json kept"}},
        "claims": {
            "id": [claim("id", "Q5", "Q900510$1")],
            "P31`]->() DETACH DELETE n //": [claim("P31", "Q5", "Q900510$2")],
            "P279": [claim("source", "Q5", "Q900510$3"), claim("P279", "Q6 ", "Q900510$4")],
            "P31": [claim("P31", "Q5", "Q900510$5")],
        },
    }
    path = tmp_path / "hostile.jsonl"
    path.write_text(json.dumps(entity) + "\n")
    report = load_files(graph, [path])
    assert len(report.errors) == 4 and all(e.line == 1 for e in report.errors)
    reasons = " | ".join(e.reason for e in report.errors)
    assert "claims key 'id' is not a property id" in reasons
    assert "claims key 'P31`]->() DETACH DELETE n //' is not a property id" in reasons
    assert "'source' is not a property id" in reasons
    assert "value id 'Q6 ' is not a QID" in reasons
    found = rows(
        graph,
        "MATCH (n:Item {id: 'Q900510'})-[r]->(m) RETURN type(r) AS type, m.id AS target",
    )
    assert sorted((r["type"], r["target"]) for r in found) == [
        ("HAS_STATEMENT", "Q900510$5"),
        ("P31", "Q5"),
    ]
    assert value(graph, "MATCH (n:Item {id: 'Q900510'}) RETURN n.label") == "json kept"


def test_a_rerun_after_a_killed_load_gives_the_whole_graph(graph: Graph) -> None:
    load_files(graph, [DUMP, FILMS])
    whole = snapshot(graph)
    graph.run_autocommit("MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 10000 ROWS")
    options = LoadOptions(batch_size=2, flush_rows=2)
    source = record_source(graph, "wikidata", str(FILMS.resolve()), file_checksum(FILMS))

    def killed(report: LoadReport) -> Iterator[EntityRecord]:
        with open_lines(FILMS) as (lines, _):
            for number, record in enumerate(file_records(lines, str(FILMS), "nt", options, report)):
                if number == 4:
                    raise KeyboardInterrupt  # what Ctrl-C does half way through a file
                yield record

    with pytest.raises(KeyboardInterrupt):
        load_records(graph, killed(LoadReport()), source, options, LoadReport())
    partly = value(graph, "MATCH (n:Item) WHERE n.lang IS NOT NULL RETURN count(n)")
    assert 0 < partly < 8
    load_files(graph, [DUMP, FILMS])
    assert snapshot(graph) == whole


def test_folders_are_walked_for_known_suffixes(
    server_env: dict[str, str], graph: Graph, tmp_path: Path
) -> None:
    folder = tmp_path / "inputs"
    (folder / "sub").mkdir(parents=True)
    shutil.copy(FILMS, folder / "films.nt")
    (folder / "dump.ttl.gz").write_bytes(gzip.compress(DUMP.read_bytes()))
    (folder / "keeper.json.bz2").write_bytes(bz2.compress(KEEPER.read_bytes()))
    shutil.copy(CITY, folder / "sub" / "city.json")
    (folder / "notes.txt").write_text("not an input\n")
    result = CliRunner().invoke(_kg(), ["wikidata", str(folder), "--json"], env=server_env)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert sorted(Path(f).name for f in data["files"]["loaded"]) == [
        "city.json",
        "dump.ttl.gz",
        "films.nt",
        "keeper.json.bz2",
    ]
    assert data["status"] == "complete" and data["outcome"] == "Loaded: all 4 files."
    empty = tmp_path / "empty-folder"
    empty.mkdir()
    nothing = CliRunner().invoke(_kg(), ["wikidata", str(empty)], env=server_env)
    assert nothing.exit_code == 1 and "folder has no files of a known format" in nothing.output


def test_missing_empty_binary_and_all_bad_inputs_exit_1_with_one_line_each(
    server_env: dict[str, str], graph: Graph, tmp_path: Path
) -> None:
    empty = tmp_path / "empty.nt"
    empty.write_bytes(b"")
    binary = tmp_path / "binary.nt"
    binary.write_bytes(bytes(range(256)) * 64)
    latin = tmp_path / "latin1.ttl"
    latin.write_bytes("".join(f'<a{i}> <b> "café {i}" .\n' for i in range(50)).encode("latin-1"))
    all_bad = tmp_path / "all-bad.jsonl"
    all_bad.write_text('{"foo": 1}\n' * 30)
    missing = tmp_path / "nowhere.nt"
    paths = [str(p) for p in (empty, binary, latin, all_bad, missing)]
    runner = CliRunner()
    result = runner.invoke(_kg(), ["wikidata", *paths, "--json"], env=server_env)
    assert result.exit_code == 1, result.output
    data = json.loads(result.output)
    assert data["status"] == "failed" and data["files"]["loaded"] == []
    reasons = {Path(f["input"]).name: f["reason"] for f in data["files"]["failed"]}
    assert reasons == {
        "nowhere.nt": f"no such file or folder: {missing}",
        "empty.nt": "nothing loaded: no Wikidata entity in the file",
        "binary.nt": (
            "binary content (64 of the first 65 lines hold NUL bytes, the first on line 1); "
            "not text"
        ),
        "latin1.ttl": (
            "not UTF-8 text (50 of the first 50 lines are not UTF-8, the first on line 1)"
        ),
        "all-bad.jsonl": "nothing loaded: all 30 record(s) were bad",
    }
    assert data["files"]["errors"] == 30
    # every bad record is located, in --json and in the file the outcome names (#27)
    assert [e["line"] for e in data["files"]["error_details"]] == list(range(1, 31))
    listed = Path(data["bad_records_file"]).read_text().splitlines()
    assert [json.loads(line) for line in listed] == data["files"]["error_details"]
    table = runner.invoke(_kg(), ["wikidata", str(missing)], env=server_env)
    assert table.exit_code == 1
    # nothing to load at all: one line, no empty tables (#26)
    assert table.output.splitlines() == [f"Error: no such file or folder: {missing}"]
    assert value(graph, "MATCH (n:Item) RETURN count(n)") == 0


def test_a_partial_load_says_so_last_and_escapes_names(
    server_env: dict[str, str], graph: Graph, tmp_path: Path
) -> None:
    odd = tmp_path / "[bold]odd[red].nt"
    shutil.copy(BAD / "bad_iri.nt", odd)
    runner = CliRunner()
    table = runner.invoke(_kg(), ["wikidata", str(FILMS), str(odd)], env=server_env)
    assert table.exit_code == 0, table.output
    last = table.output.rstrip().splitlines()[-1]
    assert last.startswith("Partly loaded: 2 of 2 files, 1 record(s) skipped (all listed in ")
    listed = Path(last.removeprefix(last.split(" in ")[0] + " in ").removesuffix(").")).read_text()
    assert json.loads(listed)["line"] == 2 and json.loads(listed)["file"] == str(odd)
    assert "[bold]odd[red].nt:2" in table.output.replace("\n", "")
    data = json.loads(
        runner.invoke(_kg(), ["wikidata", str(FILMS), str(odd), "--json"], env=server_env).output
    )
    assert data["status"] == "partial" and data["files"]["errors"] == 1


def test_ids_too_long_for_an_index_cost_their_record_not_the_file(
    graph: Graph, tmp_path: Path
) -> None:
    """A range index refuses keys over about 8 KB; one such id used to fail the file."""
    long_qid = "Q9" + "1" * 9000
    nt = tmp_path / "long.nt"
    nt.write_text(
        f'<{WD}{long_qid}> <{LABEL}> "too long"@en .\n<{WD}Q900902> <{LABEL}> "kept"@en .\n'
    )
    snak = {"snaktype": "value", "property": "P31", "datavalue": {"type": "string", "value": "s"}}
    entity = {
        "type": "item",
        "id": "Q900903",
        "labels": {"en": {"language": "en", "value": "kept too"}},
        "claims": {"P31": [{"id": "Q900903$" + "A" * 10_000, "mainsnak": snak}]},
    }
    js = tmp_path / "long.jsonl"
    js.write_text(json.dumps(entity) + "\n")
    report = load_files(graph, [nt, js])
    assert report.failed == [] and report.loaded == [str(nt), str(js)]
    assert [(Path(e.file).name, e.line) for e in report.errors] == [("long.jsonl", 1)]
    assert "is not <entity id>$<id>" in report.errors[0].reason
    assert report.ignored_triples == 1
    labels = rows(graph, "MATCH (n:Item) RETURN n.id AS id, n.label AS label ORDER BY id")
    assert labels == [{"id": "Q900902", "label": "kept"}, {"id": "Q900903", "label": "kept too"}]


def test_a_few_binary_lines_in_a_real_dump_are_bad_lines_and_the_rest_loads(
    graph: Graph, tmp_path: Path
) -> None:
    """One NUL line or one undecodable line is that line's error, not the file's."""
    lines = shared(FILM_SLICE).read_bytes().splitlines(keepends=True)[:400]
    clean = tmp_path / "clean.nt"
    clean.write_bytes(b"".join(lines))
    load_files(graph, [clean])
    expected = snapshot(graph)
    graph.run_autocommit("MATCH (n) DETACH DELETE n")
    mixed = tmp_path / "mixed.nt"
    bad = [
        bytes(range(0x80, 0xC0)) + b"\x00\x01\n",
        f"<{WD}Q1040> <{WDT}P\x0031> <{WD}Q5> .\n".encode(),
    ]
    mixed.write_bytes(b"".join([*lines[:100], bad[0], *lines[100:200], bad[1], *lines[200:]]))
    report = load_files(graph, [mixed])
    assert report.loaded == [str(mixed)] and report.failed == []
    assert sorted(error.line for error in report.errors) == [101, 202]
    assert without_sources(snapshot(graph)) == without_sources(expected)


def test_a_hostile_predicate_on_a_new_subject_creates_nothing(graph: Graph, tmp_path: Path) -> None:
    path = tmp_path / "fresh.nt"
    path.write_text(
        f'<{WD}Q900601> <{WDT}id> "clobbered" .\n'
        f"<{WD}Q900602> <{WDT}%60%29%20DETACH%20DELETE%20n%20//> <{WD}Q5> .\n" + FILMS.read_text()
    )
    report = load_files(graph, [path])
    assert [error.line for error in report.errors] == [1, 2]
    found = value(graph, "MATCH (n) WHERE n.id IN ['Q900601', 'Q900602'] RETURN count(n)")
    assert found == 0


def test_a_file_that_loads_nothing_leaves_no_source(graph: Graph, tmp_path: Path) -> None:
    text = shared(KAHN).read_bytes()
    cut = tmp_path / "cut.json"
    cut.write_bytes(text[: len(text) // 2])
    report = load_files(graph, [shared(KARLSRUHE), cut])
    assert [Path(name).name for name, _ in report.failed] == ["cut.json"]
    uris = [row["uri"] for row in rows(graph, "MATCH (s:Source) RETURN s.uri AS uri")]
    assert uris == [str(shared(KARLSRUHE).resolve())]
