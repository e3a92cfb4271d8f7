"""Sampling reads what the graph stores: chunk vectors for de-duplication, anchors in a
bounded id window, many tasks re-derived in one query."""

from __future__ import annotations

from taskspace.generators.templates.engine import rederive_many, run_template_query
from taskspace.generators.templates.sampler import sample_tasks
from taskspace.generators.templates.templates import load_templates
from taskspace.graph.connection import Graph
from taskspace.sources.documents.loader import load_documents
from tests.support.embedders import CountingModel
from tests.support.locations import REPO

FIXTURES = REPO / "examples" / "documents"

ONE_HOT = """
MATCH (c:Chunk) WITH c ORDER BY c.id
WITH collect(c) AS chunks
UNWIND range(0, size(chunks) - 1) AS i
WITH chunks[i] AS c, i
SET c.embedding = [j IN range(0, 383) | CASE WHEN j = i % 384 THEN 1.0 ELSE 0.0 END]
"""
SAME = (
    "MATCH (c:Chunk) SET c.embedding = [j IN range(0, 383) | CASE WHEN j = 0 THEN 1.0 ELSE 0.0 END]"
)


def test_duplicates_follow_the_stored_chunk_vectors(graph: Graph) -> None:
    report = load_documents(graph, [FIXTURES])
    assert not report.failed, report.failed
    embedder = CountingModel()

    # Every chunk its own direction: tasks on different chunks share no content. Short
    # sibling sections share a chunk (and so its content), so at a threshold of 0.99 only two
    # tasks on one chunk worded almost word for word alike could be duplicates.
    graph.write_text(ONE_HOT)
    apart = sample_tasks(
        graph, "doc", count=10, seed=4, embedder=embedder, duplicate_threshold=0.99
    )
    assert len(apart.tasks) == 10
    # Every document anchor has a stored vector: the model is never asked.
    assert embedder.texts == []

    # Every chunk the same vector: every task now shares its content with the first, and
    # content alone reaches the threshold, so one task is left and the rest are duplicates.
    graph.write_text(SAME)
    together = sample_tasks(
        graph, "doc", count=10, seed=4, embedder=embedder, duplicate_threshold=0.5
    )
    assert len(together.tasks) == 1
    assert together.dropped["duplicates"] >= 9
    assert together.tasks[0].id == apart.tasks[0].id
    assert embedder.texts == []


def test_sampling_looks_at_a_bounded_id_window_and_re_derives_in_one_query(
    graph: Graph,
) -> None:
    report = load_documents(graph, [FIXTURES])
    assert not report.failed, report.failed
    spec = next(spec for spec in load_templates("doc") if spec.name == "section_title")
    every = run_template_query(graph, spec, limit=500)
    sections = sorted(row["id"] for row in graph.read_text("MATCH (s:Section) RETURN s.id AS id"))
    assert len(every) > 3
    window = run_template_query(graph, spec, limit=500, scan=3)
    assert {row["anchor"] for row in window} <= set(sections[:3])
    assert [row["anchor"] for row in window] == [
        row["anchor"] for row in every if row["anchor"] in sections[:3]
    ]

    tasks = sample_tasks(graph, "doc", count=80, seed=1).tasks
    mine = [task for task in tasks if task.template == spec.name]
    assert len(mine) >= 2
    renamed = mine[0].anchor
    graph.write_text("MATCH (s:Section {id: $id}) SET s.text = s.text + ' (renamed)'", id=renamed)
    verified = rederive_many(graph, spec, mine)
    assert verified[mine[0].id] is False
    assert all(verified[task.id] for task in mine[1:])
