"""`kg init` applies the graph contract; applying it twice changes nothing."""

from __future__ import annotations

import json

from click.testing import CliRunner

from taskspace.cli.main import cli
from taskspace.graph.connection import Graph
from taskspace.graph.schema import apply_schema

FAMILY_LABELS = {
    "Source",
    "Document",
    "DocElement",
    "Section",
    "Paragraph",
    "Table",
    "Figure",
    "ListItem",
    "Code",
    "Chunk",
    "Entity",
    "WebSite",
    "WebPage",
    "WebElement",
    "Item",
    "Property",
    "App",
    "Episode",
    "Step",
    "Screen",
    "Task",
    "Run",
}


def _schema_snapshot(graph: Graph) -> tuple[list[dict[str, object]], list[dict[str, object]]]:
    indexes = graph.read("graph/indexes")
    for index in indexes:
        index.pop("populationPercent")
    return graph.read("graph/constraints"), indexes


def test_schema_twice_changes_nothing_and_every_index_is_online(graph: Graph) -> None:
    first = apply_schema(graph)
    before = _schema_snapshot(graph)
    second = apply_schema(graph)
    assert _schema_snapshot(graph) == before
    assert (first.constraints, first.indexes) == (second.constraints, second.indexes)
    assert all(index["state"] == "ONLINE" for index in before[1])


def test_every_family_label_has_a_uniqueness_constraint_on_id(graph: Graph) -> None:
    constraints = graph.read("graph/constraints")
    unique_on_id = {
        c["labelsOrTypes"][0]
        for c in constraints
        if c["type"] == "UNIQUENESS" and c["properties"] == ["id"]
    }
    assert unique_on_id >= FAMILY_LABELS


def test_vector_indexes_are_384_cosine(graph: Graph) -> None:
    rows = graph.read_text(
        "SHOW VECTOR INDEXES YIELD name, labelsOrTypes, options RETURN name, labelsOrTypes, options"
    )
    by_label = {row["labelsOrTypes"][0]: row["options"]["indexConfig"] for row in rows}
    assert {"Chunk", "Screen"} <= set(by_label)
    for config in by_label.values():
        assert config["vector.dimensions"] == 384
        assert config["vector.similarity_function"].lower() == "cosine"


def test_fulltext_indexes_answer_queries(graph: Graph) -> None:
    graph.write_text("CREATE (:Chunk {id: 'c1', text: 'Semantic Scholar literature graph'})")
    from taskspace.graph.schema import wait_for_indexes

    wait_for_indexes(graph, 60)
    hits = graph.read_text(
        "CALL db.index.fulltext.queryNodes('doc_text', 'literature') "
        "YIELD node RETURN node.id AS id"
    )
    assert [hit["id"] for hit in hits] == ["c1"]


def test_kg_init_cli_is_idempotent(server_env: dict[str, str], graph: Graph) -> None:
    runner = CliRunner()
    outputs = [runner.invoke(cli, ["init", "--json"], env=server_env) for _ in range(2)]
    assert [o.exit_code for o in outputs] == [0, 0]
    first, second = (json.loads(o.output) for o in outputs)
    assert first["constraints"] == second["constraints"] >= len(FAMILY_LABELS)
    assert first["indexes"] == second["indexes"]
