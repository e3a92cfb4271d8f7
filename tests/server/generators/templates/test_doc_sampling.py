"""Document tasks end to end: load real files, sample, re-derive, write, reproduce."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from taskspace.cli.main import cli
from taskspace.generators.templates.engine import rederive, run_template_query
from taskspace.generators.templates.sampler import sample_tasks
from taskspace.generators.templates.templates import load_templates
from taskspace.graph.connection import Graph
from taskspace.sources.documents.loader import load_documents
from taskspace.tasks.store import read_jsonl, write_task_nodes
from tests.support import SHARED_DATA
from tests.support.locations import REPO

FIXTURES = REPO / "examples" / "documents"
REAL_DOCS = SHARED_DATA / "documents"


def _reload(graph: Graph, paths: list[Path]) -> None:
    graph.run_autocommit("MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 5000 ROWS")
    report = load_documents(graph, paths)
    assert not report.failed, report.failed


@pytest.fixture(scope="module")
def corpus(session_graph: Graph) -> Iterator[Graph]:
    _reload(session_graph, [FIXTURES])
    yield session_graph


def test_every_document_template_is_satisfiable(corpus: Graph) -> None:
    empty = [
        spec.name for spec in load_templates("doc") if not run_template_query(corpus, spec, limit=5)
    ]
    assert empty == []


def test_sampled_answers_re_derive_and_cover_the_task_types(corpus: Graph) -> None:
    report = sample_tasks(corpus, "doc", count=40, seed=7)
    assert len(report.tasks) >= 13
    assert {task.template for task in report.tasks} == {s.name for s in load_templates("doc")}
    specs = {spec.name: spec for spec in load_templates("doc")}
    assert all(rederive(corpus, specs[task.template], task) for task in report.tasks)
    assert report.coverage["difficulty"].keys() == {"easy", "medium", "hard", "expert"}
    by_template = {task.template: task for task in report.tasks}
    cell = by_template["table_cell"]
    assert "January" in cell.prompt and "Containers" in cell.prompt and cell.answer == "120"
    links = by_template["linked_documents"]
    assert links.answer == "Harbor Arrival Guide"
    assert "Nordwind Shipping Company Profile" in links.prompt
    steps = report.as_dict()["ms_by_step"]  # where the run's time went, for --json readers
    assert list(steps) == [
        "grounding",
        "rendering",
        "ordering",
        "de-duplication",
        "verification",
    ]
    assert all(ms >= 0 for ms in steps.values()) and steps["grounding"] > 0
    # Each step is rounded to a tenth of a millisecond.
    assert sum(steps.values()) <= 1000 * report.seconds + 0.05 * len(steps)


def test_answers_match_the_source_text(corpus: Graph) -> None:
    tasks = {t.template: t for t in sample_tasks(corpus, "doc", count=40, seed=3).tasks}
    title = tasks["section_title"]
    expected = {
        "1": "Overview",
        "1.1": "Highlights",
        "1.2": "Outlook",
        "2": "Operations",
        "2.1": "Staffing",
        "3": "Finances",
    }
    number = title.prompt.rsplit("section ", 1)[1].rstrip("?")
    assert title.answer.endswith(expected[number])
    figure = tasks["cross_reference"]
    assert "Table 1" in figure.prompt or "figure 1" in figure.prompt.lower()
    assert figure.answer.startswith(("Table 1", "Figure 1", "Monthly", "Layout"))


def test_same_seed_same_tasks_and_writing_twice_changes_nothing(corpus: Graph) -> None:
    first = sample_tasks(corpus, "doc", count=15, seed=11).tasks
    second = sample_tasks(corpus, "doc", count=15, seed=11).tasks
    assert [(t.id, t.prompt, t.answer) for t in first] == [
        (t.id, t.prompt, t.answer) for t in second
    ]
    created = write_task_nodes(corpus, first, "test:seed=11")
    again = write_task_nodes(corpus, first, "test:seed=11")
    assert created.nodes_created == len(first) and again.nodes_created == 0
    assert again.relationships_created == 0
    rows = corpus.read_text(
        "MATCH (t:Task)-[:GROUNDED_IN]->(n) RETURN t.id AS id, count(n) AS grounded"
    )
    grounded = {row["id"]: row["grounded"] for row in rows}
    assert all(grounded.get(task.id, 0) == len(task.grounding) for task in first)


def test_objective_keeps_tasks_near_it(corpus: Graph) -> None:
    report = sample_tasks(
        corpus,
        "doc",
        count=10,
        seed=5,
        objective="monthly cargo volumes of containers",
        threshold=0.3,
    )
    assert report.tasks
    assert all(task.relevance >= 0.3 for task in report.tasks)
    documents = {
        ref.id for task in report.tasks for ref in task.grounding if ref.label == "Document"
    }
    harbor = corpus.read_text("MATCH (d:Document {name: 'harbor_report'}) RETURN d.id AS id")
    assert harbor[0]["id"] in documents


def test_cli_samples_verifies_and_notices_a_changed_graph(
    corpus: Graph, server_env: dict[str, str], tmp_path: Path
) -> None:
    out = tmp_path / "tasks.jsonl"
    result = CliRunner().invoke(
        cli,
        ["sample", "doc", "-n", "12", "--seed", "2", "-o", str(out), "--json"],
        env=server_env,
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["tasks"] == len(read_jsonl(out)) == 12
    verified = CliRunner().invoke(cli, ["sample", "verify", str(out), "--json"], env=server_env)
    assert verified.exit_code == 0 and json.loads(verified.output)["failed"] == []

    # Rename a section that a task quotes: that task's answer no longer re-derives.
    tasks = read_jsonl(out)
    titles = {
        row["id"]: row["text"]
        for row in corpus.read_text("MATCH (s:Section) RETURN s.id AS id, trim(s.text) AS text")
    }
    stale = next(
        (task, ref.id)
        for task in tasks
        for ref in task.grounding
        if ref.id in titles and f"“{titles[ref.id]}”" in task.prompt + f"“{task.answer}”"
    )
    corpus.write_text("MATCH (s:Section {id: $id}) SET s.text = s.text + ' (revised)'", id=stale[1])
    try:
        after = CliRunner().invoke(cli, ["sample", "verify", str(out), "--json"], env=server_env)
        assert after.exit_code == 1
        assert stale[0].id in json.loads(after.output)["failed"]
    finally:
        corpus.write_text(
            "MATCH (s:Section {id: $id}) SET s.text = replace(s.text, ' (revised)', '')",
            id=stale[1],
        )


def test_template_option_samples_only_the_named_templates(
    corpus: Graph, server_env: dict[str, str], tmp_path: Path
) -> None:
    out = tmp_path / "tasks.jsonl"
    chosen = ["table_total", "section_title"]
    args = ["sample", "doc", "-n", "6", "--no-graph", "-o", str(out), "--json"]
    picked = CliRunner().invoke(
        cli, [*args, *(f"--template={name}" for name in chosen)], env=server_env
    )
    assert picked.exit_code == 0, picked.output
    assert {task.template for task in read_jsonl(out)} == set(chosen)

    unknown = CliRunner().invoke(
        cli, [*args, "--template", "table_total", "--template", "no_such"], env=server_env
    )
    assert unknown.exit_code != 0
    assert "no doc template named no_such; the doc templates are:" in unknown.output
    assert "cloze_entity" in unknown.output


@pytest.mark.skipif(not REAL_DOCS.is_dir(), reason="../shared/data/documents is not present")
def test_real_documents_give_verified_tasks_of_every_kind_they_support(
    session_graph: Graph,
) -> None:
    _reload(session_graph, [REAL_DOCS / "html_md", REAL_DOCS / "pdf"])
    report = sample_tasks(session_graph, "doc", count=60, seed=1)
    kinds = {task.type for task in report.tasks}
    assert {
        "information_extraction",
        "table_qa",
        "cross_document_link",
        "sequence_order",
        "structure_navigation",
    } <= kinds
    specs = {spec.name: spec for spec in load_templates("doc")}
    assert all(rederive(session_graph, specs[t.template], t) for t in report.tasks)
    eip = [t for t in report.tasks if t.template == "linked_documents"]
    assert any("Typed Transaction Envelope" in t.answer for t in eip)


def test_a_small_graph_passes_the_narrow_pool_over(corpus: Graph) -> None:
    # The example documents give the templates 73 rows in all, fewer than two per task for
    # 100 tasks: the narrower windows' rows are not even checked, and the sample takes
    # every row of the full window at its first try, as many tasks as a fixed pool makes.
    _reload(corpus, [FIXTURES])  # tests above load other documents
    report = sample_tasks(corpus, "doc", count=100, seed=7)
    assert report.extras["pool"] == {"kept_per_template": 200, "scan": 800, "tries": 1}
    fixed = sample_tasks(corpus, "doc", count=100, seed=7, per_template=50)
    assert len(report.tasks) == len(fixed.tasks) > 40
