"""Document templates as GRAPH2EVAL defines them, on the shared documents in real Neo4j.

A template's declared subgraph (labels, edge types, node count, hops) is enforced on
every candidate's grounded nodes: a stricter copy of a shipped template must drop exactly
the candidates that break it, counted by reason; the shipped templates drop none.
Algorithm 1's scope admits StructMatch nodes and stops at k hops. With a key, Claude
writes instances (here a local Messages API) kept only when its answer agrees with the
graph and its judge's quality passes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from taskspace.cli.main import cli
from taskspace.cli.sample_common import summary_line
from taskspace.core.settings import Settings
from taskspace.generators.templates.engine import (
    build_task,
    checked_and_rederived,
    rederive,
    run_template_query,
)
from taskspace.generators.templates.relevance import relevant_scope, template_scope
from taskspace.generators.templates.requirements import (
    HUB_LABELS,
    check_requirements,
    check_requirements_many,
    grounded_ids,
    requirement_params,
)
from taskspace.generators.templates.sampler import WRITTEN_PER_TEMPLATE, sample_tasks
from taskspace.generators.templates.templates import Subgraph, TemplateSpec, load_templates
from taskspace.graph.connection import Graph
from taskspace.models.embeddings import embed
from taskspace.models.llm.client import StructuredLLM
from taskspace.sources.documents.loader import load_documents
from taskspace.tasks.family import SampleReport
from taskspace.tasks.store import read_jsonl
from tests.support import SHARED_DATA, require_shared
from tests.support.locations import REPO
from tests.support.messages_api import messages_api

EXAMPLES = REPO / "examples" / "documents"
SHARED_DOCS = SHARED_DATA / "documents" / "html_md"


@pytest.fixture(scope="module")
def docs(session_graph: Graph) -> Iterator[Graph]:
    require_shared(SHARED_DOCS)
    session_graph.run_autocommit(
        "MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 5000 ROWS"
    )
    report = load_documents(session_graph, [SHARED_DOCS, EXAMPLES])
    assert not report.failed, report.failed
    yield session_graph


def _spec(name: str) -> TemplateSpec:
    return next(spec for spec in load_templates("doc") if spec.name == name)


def _stricter(name: str, **changes: object) -> TemplateSpec:
    spec = _spec(name)
    subgraph = Subgraph.model_validate({**spec.subgraph.model_dump(), **changes})
    return spec.model_copy(update={"subgraph": subgraph})


def test_shipped_templates_meet_their_declarations(docs: Graph) -> None:
    report = sample_tasks(docs, "doc", count=30, seed=4)
    assert report.dropped["requirements"] == 0 and report.requirements == {}
    assert len({task.template for task in report.tasks}) >= 10


def test_one_transaction_for_every_template_gives_each_row_its_own_templates_verdict(
    docs: Graph,
) -> None:
    # A sample checks every template's candidates in one transaction; each row must get the
    # verdict a query for its template alone gives, including the failures.
    specs = [
        _stricter("count_subsections", node_count=(3, 4)),
        _spec("section_title"),
        _stricter("next_section", max_hops=0),
        _spec("table_cell"),
    ]
    batches = [(spec, run_template_query(docs, spec, limit=40, seed=3)) for spec in specs]
    together = check_requirements_many(
        docs, [(spec.subgraph, rows, spec.grounding) for spec, rows in batches]
    )
    alone = [
        check_requirements(docs, spec.subgraph, rows, spec.grounding) for spec, rows in batches
    ]
    assert together == alone
    assert all(rows for _, rows in batches)
    failures = [failed for verdicts in together for failed in verdicts if failed]
    assert {"node_count", "hops"} <= set(failures)
    assert None in together[1]


def test_one_round_of_checks_gives_each_task_the_verdicts_of_both_checks_alone(
    docs: Graph,
) -> None:
    # A sample checks the requirements and re-derives the answers of the tasks MMR puts
    # forward in one batch of reads; each task must get what each check alone says: a
    # requirement it fails first, else "unverified" when its answer no longer re-derives.
    tight = _stricter("count_subsections", node_count=(3, 4))
    title = _spec("section_title")
    groups = []
    for spec in (tight, title):
        pairs = []
        for row in run_template_query(docs, spec, limit=30, seed=5):
            task = build_task(spec, row, seed=5)
            if task is not None:
                pairs.append((task, row))
        groups.append((spec, pairs))
    stale_task, stale_row = groups[1][1][0]
    groups[1][1][0] = (stale_task.model_copy(update={"answer": "Not its title"}), stale_row)
    outcome = checked_and_rederived(docs, groups)
    for spec, pairs in groups:
        failures = check_requirements(
            docs, spec.subgraph, [row for _, row in pairs], spec.grounding
        )
        for (task, _), failed in zip(pairs, failures, strict=True):
            alone = failed or (None if rederive(docs, spec, task) else "unverified")
            assert outcome[task.id] == alone
    assert outcome[stale_task.id] == "unverified"
    assert "node_count" in outcome.values() and None in outcome.values()


def test_too_many_nodes_are_dropped_and_counted(docs: Graph) -> None:
    # Section + document + children: at most 4 nodes leaves sections of 1 or 2 subsections.
    tight = _stricter("count_subsections", node_count=(3, 4))
    rows = run_template_query(docs, tight, limit=1000)
    over = sum(1 for row in rows if int(row["count"]) > 2)
    assert over > 0
    report = sample_tasks(docs, "doc", count=200, seed=1, templates=[tight], per_template=1000)
    assert report.requirements == {"count_subsections": {"node_count": over}}
    assert report.dropped["requirements"] == over
    assert report.tasks and {task.answer for task in report.tasks} <= {"1", "2"}
    assert f"count_subsections: {over} node_count" in summary_line(report)


def test_a_missing_edge_type_drops_every_candidate(docs: Graph) -> None:
    # Sections never carry MENTIONS (paragraphs do): no candidate can meet it.
    tight = _stricter("section_title", edges=["HAS_SECTION", "MENTIONS"])
    rows = run_template_query(docs, tight, limit=1000)
    report = sample_tasks(docs, "doc", count=50, seed=1, templates=[tight], per_template=1000)
    assert report.tasks == []
    assert report.requirements == {"section_title": {"edges": len(rows)}}


def test_nodes_beyond_max_hops_are_dropped(docs: Graph) -> None:
    # One hop from the document reaches top-level sections only (HAS_SECTION).
    tight = _stricter("section_title", max_hops=1)
    report = sample_tasks(docs, "doc", count=200, seed=1, templates=[tight], per_template=1000)
    numbers = [task.prompt.rsplit("section ", 1)[1].rstrip("?") for task in report.tasks]
    assert numbers and all("." not in number.rstrip(".") for number in numbers)
    nested = sum(
        1
        for row in run_template_query(docs, tight, limit=1000)
        if "." in str(row["number"]).rstrip(".")
    )
    assert nested > 0 and report.requirements == {"section_title": {"hops": nested}}


def test_structure_matches_enter_the_scope_and_k_bounds_it(docs: Graph) -> None:
    """Algorithm 1: a paragraph the objective is not similar to still seeds a template
    that needs paragraphs with mentions (StructMatch); its section is in scope one hop out,
    not at k = 0; a paragraph of a document the objective does not reach never is."""
    similar = relevant_scope(docs, embed(["base fee per gas burned in each block"])[0], 0.65)
    paragraphs = docs.read_text(
        "MATCH (s:Section)-[:CONTAINS]->(p:Paragraph)-[:MENTIONS]->(:Entity) "
        "MATCH (d:Document {path: p.file}) "
        "RETURN DISTINCT d.id AS document, d.name AS name, p.id AS paragraph, s.id AS section "
        "ORDER BY p.id"
    )
    reached = {row["name"] for row in paragraphs if row["document"] in similar}
    assert reached == {"eip-1559_fee_market"}
    quiet = next(
        row
        for row in paragraphs
        if row["document"] in similar
        and row["paragraph"] not in similar
        and row["section"] not in similar
    )
    spec = Subgraph(nodes=["Paragraph"], edges=["MENTIONS"], via=["CONTAINS"], max_hops=0)
    seeds = template_scope(docs, similar, spec, 0.65)
    assert quiet["paragraph"] in seeds and seeds[quiet["paragraph"]] == 0.65
    assert quiet["section"] not in seeds
    one_hop = template_scope(docs, similar, spec.model_copy(update={"max_hops": 1}), 0.65)
    assert quiet["section"] in one_hop
    elsewhere = {row["paragraph"] for row in paragraphs if row["document"] not in similar}
    assert elsewhere and not elsewhere & set(one_hop)


def _write_with(
    docs: Graph,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    answer: Callable[[str], str],
    score: int,
) -> tuple[SampleReport, list[dict[str, Any]]]:
    """Sample section titles with Claude writing the instances through a local Messages
    API: the writer answers ``answer(anchor passage)``, the judge gives ``score`` on all
    four dimensions."""

    def reply(text: str, tool: dict[str, Any]) -> dict[str, Any]:
        if tool["name"] == "QualityScore":
            return dict.fromkeys(("clarity", "relevance", "difficulty", "completeness"), score)
        passages = text.split("Subgraph passages:\n", 1)[1]
        wording = text.split("Example wording: ", 1)[1].split("\n", 1)[0]
        return {"prompt": f"Written: {wording}", "answer": answer(passages.split("] ", 1)[1])}

    with messages_api(reply) as (url, seen):
        monkeypatch.setenv("ANTHROPIC_API_KEY", "test-key")
        monkeypatch.setenv("ANTHROPIC_BASE_URL", url)
        writer = StructuredLLM(Settings(TASKSPACE_HOME=tmp_path))
        report = sample_tasks(
            docs, "doc", count=5, seed=2, templates=[_spec("section_title")], writer=writer
        )
    return report, seen


def test_written_instances_that_agree_and_pass_the_judge_are_kept(
    docs: Graph, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    report, seen = _write_with(
        docs, tmp_path, monkeypatch, lambda passage: passage.split("\n", 1)[0], 5
    )
    assert len(report.tasks) == WRITTEN_PER_TEMPLATE
    assert report.extras["instances"].startswith("written by ")
    spec = _spec("section_title")
    for task in report.tasks:
        assert task.prompt.startswith("Written: In the document")
        assert task.generator.startswith("taskspace-llm:")
        assert task.quality == dict.fromkeys(
            ("clarity", "relevance", "difficulty", "completeness"), 1.0
        )
        assert rederive(docs, spec, task)  # the gold is still the graph's
    # The writer saw the anchor section's own text, read from the graph.
    writes = [body for body in seen if body["tools"][0]["name"] == "WrittenInstance"]
    assert len(writes) == WRITTEN_PER_TEMPLATE
    first = writes[0]["messages"][0]["content"]
    text = first if isinstance(first, str) else first[0]["text"]
    assert "[Section" in text and "[Document]" in text


def test_a_written_answer_that_disagrees_with_the_graph_is_dropped(
    docs: Graph, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    report, seen = _write_with(docs, tmp_path, monkeypatch, lambda _: "Appendix Z", 5)
    assert report.tasks == []
    assert report.dropped["llm_disagrees"] == WRITTEN_PER_TEMPLATE
    assert all(body["tools"][0]["name"] == "WrittenInstance" for body in seen)  # no judge
    assert "LLM's answer disagrees with the graph" in summary_line(report)


def test_a_written_instance_below_the_quality_threshold_is_dropped(
    docs: Graph, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    report, _ = _write_with(
        docs, tmp_path, monkeypatch, lambda passage: passage.split("\n", 1)[0], 2
    )
    assert report.tasks == []
    assert report.dropped["llm_quality"] == WRITTEN_PER_TEMPLATE
    assert report.dropped["llm_disagrees"] == 0


def test_offline_the_templates_render_and_the_report_says_so(docs: Graph) -> None:
    report = sample_tasks(docs, "doc", count=3, seed=2, templates=[_spec("section_title")])
    assert report.extras["instances"] == "rendered from templates (offline)"
    assert all(task.generator == "taskspace-offline" and not task.quality for task in report.tasks)


def test_kg_sample_doc_write_offline_says_it_rendered_the_templates(
    docs: Graph, server_env: dict[str, str], tmp_path: Path
) -> None:
    env = {**server_env, "ANTHROPIC_API_KEY": ""}
    out = tmp_path / "tasks.jsonl"
    args = ["sample", "doc", "-n", "4", "--write", "--no-graph", "-o", str(out)]
    result = CliRunner().invoke(cli, args, env=env)
    assert result.exit_code == 0, result.output
    printed = " ".join(result.output.split())  # the console wraps long lines
    assert "instances rendered from templates (no ANTHROPIC_API_KEY)" in printed
    assert "dropped: 0 (grounded subgraph short of the template's declaration)" in printed
    assert all(task.generator == "taskspace-offline" for task in read_jsonl(out))


def test_a_sample_reads_a_pool_sized_to_its_count_and_widens_it_when_short(docs: Graph) -> None:
    # Ten tasks from the real documents: the narrow pool (12 candidates per template, 192
    # anchors read by each query) makes them at the first try.
    few = sample_tasks(docs, "doc", count=10, seed=4)
    assert len(few.tasks) == 10
    assert few.extras["pool"] == {"kept_per_template": 12, "scan": 192, "tries": 1}
    # 400 tasks are more than 50 candidates per template make after checks and
    # de-duplication; sized to the count, the sample takes every row of the full pool.
    fixed = sample_tasks(docs, "doc", count=400, seed=4, per_template=50)
    sized = sample_tasks(docs, "doc", count=400, seed=4)
    assert 0 < len(fixed.tasks) < 400
    assert len(sized.tasks) > len(fixed.tasks)
    assert sized.extras["pool"] == {"kept_per_template": 200, "scan": 800, "tries": 2}
    assert fixed.extras["pool"] == {"kept_per_template": 50, "scan": 800, "tries": 1}


def test_looking_around_the_anchor_first_gives_the_shortest_path_search_verdicts(
    docs: Graph,
) -> None:
    # Templates that ground entities have their grounded nodes looked for within three
    # hops of the anchor before any shortest-path search (so that an entity mentioned all
    # over a large graph is not searched through). On the real documents, every row of
    # every such template gets the same answer either way: the same nodes reached, the
    # same labels and edge types found, and its farthest node within the template's hops
    # exactly when the shortest paths say so.
    query = docs.queries.text("templates/requirements")
    compared = 0
    for spec in load_templates("doc"):
        if not set(spec.subgraph.nodes) & set(HUB_LABELS):
            continue
        rows = run_template_query(docs, spec, limit=60, seed=2)
        ids = [grounded_ids(row, spec.grounding) for row in rows]
        params = requirement_params(spec.subgraph, rows, ids)
        assert params["around"] is True
        answers = [
            {
                row["key"]: (
                    row["count"],
                    row["reached"],
                    row["farthest"] is not None and row["farthest"] <= spec.subgraph.max_hops,
                    row["missing_labels"],
                    sorted(row["missing_edges"]),
                )
                for row in docs.read_text(query, **{**params, "around": around})
            }
            for around in (True, False)
        ]
        assert answers[0] == answers[1], spec.name
        compared += len(answers[0])
    assert compared > 100
