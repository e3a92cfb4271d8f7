"""Rows read through :class:`Graph` are the dicts ``neo4j.Record.data()`` would give."""

from __future__ import annotations

from taskspace.graph.connection import Graph
from taskspace.graph.records import record_data

_EVERY_KIND = """
MATCH p = (a:Item {id: 'a'})-[r:NEXT]->(b:Item {id: 'b'})
RETURN 'text' AS text, 3 AS number, 0.25 AS fraction, true AS flag, null AS nothing,
       [0.5, 1.5, null] AS vector, [[1, 2], ['x']] AS nested,
       {name: 'a', inner: {list: [1, 'two', null]}, node: a} AS map,
       a AS node, r AS relationship, p AS path, [a, b] AS nodes, [{node: b}] AS maps,
       date('2026-11-27') AS day, datetime('2026-11-27T05:00:00Z') AS moment,
       duration('P1D') AS span, point({x: 1.0, y: 2.0}) AS place, [date('2026-01-01')] AS days
"""


def test_every_kind_of_value_reads_as_the_driver_exports_it(graph: Graph) -> None:
    graph.write_text(
        "CREATE (:Item {id: 'a', vector: [0.1, 0.2]})-[:NEXT {w: 1}]->(:Item {id: 'b'})"
    )
    with graph.session() as session:
        records = list(session.run(_EVERY_KIND))
    assert len(records) == 1
    assert record_data(records[0]) == records[0].data()
    assert graph.read_text(_EVERY_KIND) == [records[0].data()]
    assert graph.read_text(_EVERY_KIND)[0]["map"]["node"] == {"id": "a", "vector": [0.1, 0.2]}


def test_queries_read_side_by_side_come_back_in_their_order(graph: Graph) -> None:
    graph.write_text("UNWIND range(1, 30) AS k CREATE (:Item {id: toString(k), k: k})")
    queries = [
        ("MATCH (n:Item) WHERE n.k % $m = 0 RETURN n.k AS k ORDER BY k", {"m": m})
        for m in range(1, 8)
    ]
    alone = graph.read_texts(queries)
    assert [len(rows) for rows in alone] == [30 // m for m in range(1, 8)]
    for workers in (2, 3, 7, 20):
        assert graph.read_texts(queries, workers=workers) == alone
    assert graph.read_texts([], workers=2) == []


def test_a_query_asked_twice_in_one_batch_runs_once(graph: Graph) -> None:
    # randomUUID() differs on every run: one id at both places means one run.
    fresh = "RETURN randomUUID() AS id, $m AS m"
    queries = [(fresh, {"m": 1}), (fresh, {"m": 2}), (fresh, {"m": 1})]
    for workers in (1, 2):
        first, second, again = graph.read_texts(queries, workers=workers)
        assert again == first and again[0]["m"] == 1
        assert second[0]["m"] == 2 and second[0]["id"] != first[0]["id"]
