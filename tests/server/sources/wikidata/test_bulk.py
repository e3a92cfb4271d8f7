"""`kg load wikidata --bulk`: Neo4j's offline importer on a throwaway local server of its
own (the session server of conftest keeps running), against the transactional loader."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

from taskspace.cli.load_wikidata import wikidata
from taskspace.cli.load_wikidata_bulk import choose_path
from taskspace.cli.main import KgGroup
from taskspace.core.settings import Settings
from taskspace.graph.connection import Graph
from taskspace.server.errors import BulkImportError
from taskspace.server.importer import ImportInput, import_and_swap, staging_root
from taskspace.sources.wikidata.loader import load_files
from tests.support import running_server
from tests.support.wikidata import DUMP, DUMP_CHUNK, FILM_SLICE, Q42_TTL, shared


@pytest.fixture(scope="module")
def bulk_server(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[Settings, dict[str, str]]]:
    """A second server with its own home and ports: the bulk path stops and starts it."""
    with running_server(tmp_path_factory.mktemp("bulk-home")) as server:
        yield server


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """The film slice, its first 2,000 lines again as a second input (items described a
    second time, under another :Source, which the bulk path writes over Bolt afterwards),
    and two WDQS dumps with full statements, qualifiers, ranks, units and precisions."""
    film = shared(FILM_SLICE)
    part = tmp_path_factory.mktemp("bulk-inputs") / "film_head.nt"
    head = film.read_text(encoding="utf-8").splitlines(keepends=True)[:2000]
    part.write_text("".join(head), encoding="utf-8")
    odd = part.with_name("odd_values.nt")
    odd.write_text(ODD_VALUES, encoding="utf-8")
    return [film, part, shared(Q42_TTL), shared(DUMP_CHUNK), odd]


_E, _D = "<http://www.wikidata.org/entity/", "<http://www.wikidata.org/prop/direct/"
_XSD = "^^<http://www.w3.org/2001/XMLSchema#"
ODD_VALUES = "".join(
    f"{subject} {predicate} {obj} .\n"
    for subject, predicate, obj in [
        # P577 a date on one item and text (year precision) on another: two CSV file groups
        (f"{_E}Q990001>", f"{_D}P577>", f'"1980-05-01T00:00:00Z"{_XSD}dateTime>'),
        (f"{_E}Q990002>", f"{_D}P577>", f'"1979-00-00T00:00:00Z"{_XSD}dateTime>'),
        # a long and a double in one list become doubles; a long alone stays a long
        (f"{_E}Q990002>", f"{_D}P2048>", f'"+12"{_XSD}decimal>'),
        (f"{_E}Q990002>", f"{_D}P2048>", f'"+1.5"{_XSD}decimal>'),
        (f"{_E}Q990001>", f"{_D}P2048>", f'"+7"{_XSD}decimal>'),
        # a label across lines, quotes, commas and semicolons in text and in lists
        (
            f"{_E}Q990001>",
            "<http://www.w3.org/2000/01/rdf-schema#label>",
            '"two\\nlines, \\"q\\""@en',
        ),
        (f"{_E}Q990001>", "<http://www.w3.org/2004/02/skos/core#altLabel>", '"a;b"@en'),
        (f"{_E}Q990001>", "<http://www.w3.org/2004/02/skos/core#altLabel>", '"c,\\"d\\""@en'),
        (f"{_E}Q990001>", f"{_D}P31>", f"{_E}Q990002>"),
    ]
)


def _kg() -> click.Group:
    @click.group(cls=KgGroup)
    def kg() -> None:
        """Test entry point: the real error handling of `kg` around our command."""

    kg.add_command(wikidata)
    return kg


def kg(env: dict[str, str], *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(_kg(), ["wikidata", *args], env=env)
    return result.exit_code, result.output


def typed(value: Any) -> Any:
    """A value with its type name, so that a date never equals the text of a date."""
    if isinstance(value, list):
        return ["list", [typed(item) for item in value]]
    return [type(value).__name__, str(value)]


def dump(graph: Graph) -> tuple[list[str], list[str]]:
    """Every node (labels, typed properties) and relationship (endpoints, type, typed
    properties), sorted; a :Source's loaded_at keeps only its type."""
    nodes = graph.read_text("MATCH (n) RETURN labels(n) AS labels, properties(n) AS props")
    edges = graph.read_text(
        "MATCH (a)-[r]->(b) RETURN a.id AS a, type(r) AS type, properties(r) AS props, b.id AS b"
    )
    node_text = []
    for node in nodes:
        props = {key: typed(value) for key, value in node["props"].items()}
        if "Source" in node["labels"]:
            props["loaded_at"][1] = "-"
        node_text.append(json.dumps([sorted(node["labels"]), props], sort_keys=True))
    edge_text = [
        json.dumps(
            [e["a"], e["type"], e["b"], {k: typed(v) for k, v in e["props"].items()}],
            sort_keys=True,
        )
        for e in edges
    ]
    return sorted(node_text), sorted(edge_text)


def count(graph: Graph, cypher: str) -> int:
    return int(next(iter(graph.read_text(cypher)[0].values())))


def test_auto_path_choice_on_the_real_server(
    bulk_server: tuple[Settings, dict[str, str]], inputs: list[Path]
) -> None:
    settings, _ = bulk_server
    with Graph(settings) as bulk:
        assert count(bulk, "MATCH (n) RETURN count(n)") == 0
    small = choose_path(settings, inputs, bulk=False, replace=False, bulk_above_mb=80)
    assert not small.bulk and "below --bulk-above 80" in small.reason
    large = choose_path(settings, inputs, bulk=False, replace=False, bulk_above_mb=0)
    size = sum(path.stat().st_size for path in inputs) / 2**20
    assert large.bulk and large.reason.startswith(f"empty local database and {size:.1f} MB")


def test_refusal_then_replace_builds_the_transactional_graph_then_merge_on_top(
    graph: Graph, bulk_server: tuple[Settings, dict[str, str]], inputs: list[Path]
) -> None:
    settings, env = bulk_server
    code, output = kg(env, str(DUMP))  # small input: the transactional path, said
    assert code == 0, output
    assert "Load path: transactional (MERGE over Bolt): 0.0 MB of input, below" in output
    with Graph(settings) as bulk:
        before = dump(bulk)
    assert any("Q900100" in node for node in before[0])

    code, output = kg(env, "--bulk", *map(str, inputs))
    assert code == 1
    assert "already holds" in output and "add --replace" in output
    assert len(output.strip().splitlines()) == 1
    with Graph(settings) as bulk:
        assert dump(bulk) == before

    transactional = load_files(graph, inputs)
    assert transactional.error_count == 0 and len(transactional.sources) == 5
    expected = dump(graph)
    code, output = kg(env, "--bulk", "--replace", *map(str, inputs))
    assert code == 0, output
    assert "Load path: bulk (neo4j-admin import): --bulk --replace" in output
    assert f"Bulk load: {transactional.triples} triples" in output
    aside = re.search(r"(\d+) record\(s\) written over Bolt afterwards", output)
    assert aside is not None and int(aside.group(1)) > 0  # film_head.nt describes them again
    with Graph(settings) as bulk:
        got = dump(bulk)
        assert len(got[0]) == len(expected[0]) and len(got[1]) == len(expected[1])
        assert got == expected  # Q900100 (the replaced load) is gone with the rest
        states = bulk.read_text("MATCH (s:Source) RETURN collect(DISTINCT s.state) AS states")
        assert states[0]["states"] == ["complete"]
        constraints = {row["name"] for row in bulk.read_text("SHOW CONSTRAINTS YIELD name")}
        assert {"item_id", "property_id", "statement_id", "source_id"} <= constraints
    assert count(graph, "MATCH (s:Statement) RETURN count(s)") > 100  # the dumps' statements
    assert count(graph, "MATCH (:Item)-[r:P161]->(:Item) RETURN count(r)") == 7356

    code, output = kg(env, str(DUMP), "--bulk-above", "0")  # holds data: transactional
    assert code == 0, output
    assert "Load path: transactional (MERGE over Bolt): the database already holds" in output
    load_files(graph, [DUMP])
    with Graph(settings) as bulk:
        assert dump(bulk) == dump(graph)
        duplicated = "MATCH (n:Item) WITH n.id AS id, count(*) AS c WHERE c > 1 RETURN count(id)"
        assert count(bulk, duplicated) == 0


def test_remote_database_is_refused_before_anything(
    bulk_server: tuple[Settings, dict[str, str]], inputs: list[Path]
) -> None:
    _, env = bulk_server
    remote = {**env, "NEO4J_URI": "neo4j://db.example.org:7687", "NEO4J_PASSWORD": "x"}
    code, output = kg(remote, "--bulk", str(inputs[1]))
    assert code == 1
    assert "--bulk needs the local single-instance server" in output
    assert "neo4j://db.example.org:7687" in output


def test_failed_import_leaves_the_database_as_it_was(
    bulk_server: tuple[Settings, dict[str, str]], tmp_path: Path
) -> None:
    """A relationship to a node that is not there makes the real importer fail; the
    server, stopped for the import, is started again on the database it had."""
    settings, _ = bulk_server
    with Graph(settings) as bulk:
        before = dump(bulk)
    header, rows = tmp_path / "n.header.csv", tmp_path / "n.csv"
    header.write_text("id:ID(Item),qid\n", encoding="utf-8")
    rows.write_text('"Q1","Q1"\n', encoding="utf-8")
    edges_header, edges = tmp_path / "r.header.csv", tmp_path / "r.csv"
    edges_header.write_text(":START_ID(Item),:END_ID(Item)\n", encoding="utf-8")
    edges.write_text('"Q1","Q404"\n', encoding="utf-8")
    given = ImportInput([("Item", [header, rows])], [("P31", [edges_header, edges])])
    with pytest.raises(BulkImportError, match="the database was not changed"):
        import_and_swap(settings, given)
    assert not (staging_root(settings) / "data").exists()
    with Graph(settings) as bulk:
        assert dump(bulk) == before
