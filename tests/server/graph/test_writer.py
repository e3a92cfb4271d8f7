"""The batched writer: same rows twice leave the same graph; batches; labels; provenance."""

from __future__ import annotations

import neo4j
import pytest

from taskspace.graph.connection import Graph
from taskspace.graph.errors import InvalidNameError
from taskspace.graph.provenance import record_source
from taskspace.graph.writer import BatchedWriter, WriteStep


def _counts(graph: Graph) -> tuple[int, int]:
    row = graph.read_text(
        "MATCH (n) WITH count(n) AS nodes OPTIONAL MATCH ()-[r]->() RETURN nodes, count(r) AS rels"
    )[0]
    return row["nodes"], row["rels"]


def _rows(count: int) -> list[dict[str, object]]:
    return [
        {"id": f"p{i}", "props": {"text": f"paragraph {i}", "page": i % 7}} for i in range(count)
    ]


def test_same_rows_twice_leave_the_same_counts(graph: Graph) -> None:
    writer = BatchedWriter(graph, batch_size=7)
    first = writer.merge_nodes(["Paragraph", "DocElement"], _rows(100))
    links = [{"start": f"p{i}", "end": f"p{i + 1}", "props": {"order": i}} for i in range(99)]
    writer.merge_relationships("NEXT", "Paragraph", "Paragraph", links)
    after_first = _counts(graph)
    second = writer.merge_nodes(["Paragraph", "DocElement"], _rows(100))
    again = writer.merge_relationships("NEXT", "Paragraph", "Paragraph", links)
    assert after_first == _counts(graph) == (100, 99)
    assert first.rows == 100 and first.batches == 15 and first.nodes_created == 100
    assert second.nodes_created == 0 and again.relationships_created == 0
    labels = graph.read_text("MATCH (n:Paragraph {id: 'p3'}) RETURN labels(n) AS l, n.page AS page")
    assert sorted(labels[0]["l"]) == ["DocElement", "Paragraph"] and labels[0]["page"] == 3


def test_extra_labels_join_an_existing_node_instead_of_duplicating_it(graph: Graph) -> None:
    writer = BatchedWriter(graph)
    writer.merge_nodes(["Entity"], [{"id": "Q42", "props": {"label": "Douglas Adams"}}])
    writer.merge_nodes(["Entity", "Item"], [{"id": "Q42", "props": {"qid": "Q42"}}])
    rows = graph.read_text("MATCH (n:Entity) RETURN n.id AS id, labels(n) AS labels, n.label AS l")
    assert len(rows) == 1
    assert sorted(rows[0]["labels"]) == ["Entity", "Item"] and rows[0]["l"] == "Douglas Adams"


def test_relationships_to_missing_nodes_are_not_invented(graph: Graph) -> None:
    writer = BatchedWriter(graph)
    writer.merge_nodes(["Item", "Entity"], [{"id": "Q1", "props": {}}])
    summary = writer.merge_relationships(
        "P31", "Item", "Item", [{"start": "Q1", "end": "Q-missing", "props": {}}]
    )
    assert summary.relationships_created == 0
    assert _counts(graph) == (1, 0)


@pytest.mark.parametrize(
    "bad",
    ["P31`]->() DETACH DELETE n //", "P31 ", "", "1abc", "a-b", "Item:Entity", "x" * 65],
)
def test_names_from_data_are_refused_before_any_query_runs(graph: Graph, bad: str) -> None:
    writer = BatchedWriter(graph)
    writer.merge_nodes(["Item"], [{"id": "Q1", "props": {}}, {"id": "Q2", "props": {}}])
    rows = [{"start": "Q1", "end": "Q2"}]
    with pytest.raises(InvalidNameError):
        writer.merge_relationships(bad, "Item", "Item", rows)
    with pytest.raises(InvalidNameError):
        writer.merge_nodes([bad], [{"id": "Q3", "props": {}}])
    with pytest.raises(InvalidNameError):
        writer.merge_relationships("P31", bad, "Item", rows)
    assert _counts(graph) == (2, 0)


def test_source_node_is_recorded_once(graph: Graph) -> None:
    first = record_source(graph, "wikidata", "file:///dump.nt", "abc")
    second = record_source(graph, "wikidata", "file:///dump.nt", "abc")
    assert first == second
    rows = graph.read_text("MATCH (s:Source) RETURN s.id AS id, s.kind AS kind, s.loaded_at AS at")
    assert len(rows) == 1 and rows[0]["kind"] == "wikidata" and rows[0]["at"] is not None


def test_batch_size_must_be_positive(graph: Graph) -> None:
    with pytest.raises(ValueError, match="batch_size"):
        BatchedWriter(graph, batch_size=0)


def test_steps_run_in_order_as_one_transaction(graph: Graph) -> None:
    writer = BatchedWriter(graph, batch_size=3)
    nodes = writer.step(
        "writes/merge_nodes", _rows(10), {"label": "Paragraph", "labels": "Paragraph"}
    )
    links = [{"start": f"p{i}", "end": f"p{i + 1}", "props": {}} for i in range(9)]
    slots = {"type": "NEXT", "start": "Paragraph", "end": "Paragraph"}
    chain = writer.step("writes/merge_relationships", links, slots)
    duplicate = WriteStep("UNWIND $rows AS row CREATE (:Paragraph {id: row.id})", [{"id": "p0"}])
    with pytest.raises(neo4j.exceptions.ConstraintError):
        writer.write_steps([nodes, chain, duplicate])
    assert _counts(graph) == (0, 0)  # the failing last step took the first two with it
    summaries = writer.write_steps([nodes, WriteStep("RETURN 1", []), chain])
    assert [s.nodes_created for s in summaries] == [10, 0]  # empty steps are skipped
    assert [s.batches for s in summaries] == [4, 3]
    assert summaries[1].relationships_created == 9  # the second step saw the first's nodes
    assert _counts(graph) == (10, 9)
