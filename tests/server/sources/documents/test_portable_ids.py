"""A corpus is identified by what is in it, not by where it lies: the same folder loaded from
another path (a copy, a symbolic link) gets the same ids, and a seed samples the same tasks."""

from __future__ import annotations

import shutil
from pathlib import Path

from taskspace.generators.templates.sampler import sample_tasks
from taskspace.graph.connection import Graph
from taskspace.sources.documents.loader import load_documents
from taskspace.sources.documents.node_ids import document_id, document_key
from tests.support.docs import snapshot
from tests.support.locations import REPO

EXAMPLES = REPO / "examples" / "documents"


def _load_and_sample(graph: Graph, folder: Path) -> tuple[list[str], list[tuple[str, str]]]:
    """Empty the graph, load ``folder``, sample doc tasks with one seed: (document ids,
    (task id, prompt) pairs)."""
    graph.run_autocommit("MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 5000 ROWS")
    report = load_documents(graph, [folder])
    assert report.failed == [] and len(report.loaded) == 3
    ids = [row["id"] for row in graph.read_text("MATCH (d:Document) RETURN d.id AS id ORDER BY id")]
    tasks = sample_tasks(graph, "doc", count=6, seed=11).tasks
    return ids, [(task.id, task.prompt) for task in tasks]


def test_the_same_corpus_at_two_paths_gets_the_same_ids_and_tasks(
    graph: Graph, tmp_path: Path
) -> None:
    copy = shutil.copytree(EXAMPLES, tmp_path / "elsewhere" / "docs")
    link = tmp_path / "link"
    link.symlink_to(copy, target_is_directory=True)

    here = _load_and_sample(graph, EXAMPLES)
    there = _load_and_sample(graph, link)
    assert here == there
    ids, tasks = here
    assert len(tasks) >= 3
    assert document_id("harbor-guide.md") in ids  # the path inside the folder given
    paths = graph.read_text("MATCH (d:Document) RETURN d.path AS path, d.key AS key")
    assert {row["key"] for row in paths} == {file.name for file in EXAMPLES.iterdir()}
    assert all(row["path"].startswith(str(copy.resolve())) for row in paths)  # where it was read


def test_a_file_given_alone_is_its_name_and_a_reload_changes_nothing(
    graph: Graph, tmp_path: Path
) -> None:
    guide = EXAMPLES / "harbor-guide.md"
    assert document_key(guide, guide) == "harbor-guide.md"
    assert document_key(guide, EXAMPLES) == "harbor-guide.md"
    nested = tmp_path / "corpus" / "a" / "b.md"
    nested.parent.mkdir(parents=True)
    nested.write_text("# B\n", encoding="utf-8")
    assert document_key(nested, tmp_path / "corpus") == "a/b.md"

    first = load_documents(graph, [EXAMPLES])
    assert len(first.loaded) == 3
    before = snapshot(graph)
    again = load_documents(graph, [EXAMPLES])
    assert again.warnings == [] and len(again.loaded) == 3  # a reload, not copies of itself
    alone = load_documents(graph, [guide])
    assert alone.warnings == [] and len(alone.loaded) == 1
    assert snapshot(graph) == before
