"""Multihop chains on three Wikipedia-like sites (link text = the target's heading, links
across sites), scored hop by hop: the family on hand-written trajectories, then a real
inspect run written to the graph, its report section and its named queries."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from inspect_ai import Task as InspectTask
from inspect_ai import eval as inspect_eval
from inspect_ai.solver import Generate, Solver, TaskState, solver

from taskspace.agents.spec import load_agent_spec
from taskspace.cli.main import cli
from taskspace.evaluation.dataset import task_dataset
from taskspace.evaluation.labels import OFFLINE_MODEL
from taskspace.evaluation.queries import run_eval_query
from taskspace.evaluation.results import run_metrics, write_run_results
from taskspace.evaluation.run import RunConfig, run_eval
from taskspace.evaluation.scorers.task import task_scorer
from taskspace.generators.multihop.family import MultihopFamily
from taskspace.generators.multihop.sampler import (
    HEADING_QUESTION,
    SECTION_QUESTION,
    rederive_multihop,
    sample_multihop,
)
from taskspace.generators.multihop.web import WebChains
from taskspace.graph.connection import Graph
from taskspace.reports.data import read_report
from taskspace.reports.html import render_report
from taskspace.sources.documents.loader import load_documents
from taskspace.tasks.attempt import ATTEMPT_STORE_KEY, Attempt, WebTrajectory
from taskspace.tasks.family import SampleReport
from taskspace.tasks.model import Task
from taskspace.tasks.spoilers import named
from taskspace.tasks.store import read_tasks_file, write_jsonl, write_task_nodes
from tests.support.locations import REPO
from tests.support.multihop import CROSS_LINKS, PAGES, WikiSites, crawl_wiki_sites
from tests.support.web import chromium_missing

EXAMPLE_DOC = REPO / "examples" / "documents" / "harbor-guide.md"
pytestmark = pytest.mark.skipif(chromium_missing() is not None, reason=str(chromium_missing()))
READS_AS_TARGET = ("Archive home", "Harbour Archive")


@pytest.fixture(scope="module")
def wiki(session_graph: Graph, tmp_path_factory: pytest.TempPathFactory) -> WikiSites:
    root = tmp_path_factory.mktemp("multihop-wiki")
    return crawl_wiki_sites(session_graph, root / "sites", root / "home")


@pytest.fixture(scope="module")
def chains(wiki: WikiSites) -> SampleReport:
    return sample_multihop(wiki.graph, 3, 8, 0)


def test_links_named_like_their_target_join_the_three_sites(wiki: WikiSites) -> None:
    web = WebChains(wiki.graph)
    assert len(web.pages) == len(PAGES) and len(web.sites) == 3
    links = [link for found in web.links.values() for link in found]
    cross = [link for link in links if link.cross]
    assert len(cross) == CROSS_LINKS
    assert all(wiki.site_of(link.page) != wiki.site_of(link.target) for link in cross)
    for link in links:
        heading, section = wiki.page(link.target)
        # "Archive home" opens "Harbour Archive": the link gives half the heading away
        reads_as_target = link.name == heading or (link.name, heading) == READS_AS_TARGET
        assert link.names_target == reads_as_target, link
        assert web.section_of[link.target] == section
    # the old rule (drop every link that names its target) left only the home links
    assert {link.name for link in links if not link.names_target} == {
        "Main page",
        "Travel home",
    }


def test_chains_cross_sites_and_ask_for_a_fact_when_the_link_names_the_page(
    wiki: WikiSites, chains: SampleReport
) -> None:
    assert len(chains.tasks) == 8, chains.as_dict()
    assert chains.extras["scope"] == "sites" and chains.dropped["unverified"] == 0
    crossings = 0
    for task in chains.tasks:
        assert [hop.kind for hop in task.hops] == ["follow", "follow", "follow", "end"]
        for hop in task.hops[:-1]:
            heading, section = wiki.page(hop.check.crawled(task.sites))
            # Wikipedia-style: the link's text is (or gives away) the answer's page
            if hop.link == heading or (hop.link, heading) == READS_AS_TARGET:
                assert SECTION_QUESTION in hop.instruction and hop.answer == section
            else:
                assert HEADING_QUESTION in hop.instruction and hop.answer == heading
            assert hop.check.keywords == [hop.answer]
            crossings += wiki.site_of(hop.page_url or "") != hop.check.site
        assert named(task.prompt, [hop.answer for hop in task.hops[:-1]]) == []
        assert task.answer == task.hops[-2].answer
        # coverage names pages by site key and path, and sites by key: no port
        assert set(task.coverage["site"]) == {
            page.split("/", 1)[0] for page in task.coverage["page"]
        }
        assert task.sites == {key: wiki.bases[key] for key in task.coverage["site"]}
        assert rederive_multihop(wiki.graph, task)
    assert crossings >= 4
    assert sum(len(task.coverage["site"]) > 1 for task in chains.tasks) >= 4


def test_a_renamed_section_no_longer_re_derives(wiki: WikiSites, chains: SampleReport) -> None:
    task = chains.tasks[0]
    hop = task.hops[0]
    assert SECTION_QUESTION in hop.instruction
    rename = (
        "MATCH (:WebPage {url: $url})-[:HAS_ELEMENT]->(h:WebElement {kind: 'heading', tag: 'h2'})"
        " WHERE h.name = $old SET h.name = $new"
    )
    url = hop.check.crawled(task.sites)
    wiki.graph.write_text(rename, url=url, old=hop.answer, new="Overview")
    try:
        assert not rederive_multihop(wiki.graph, task)
    finally:
        wiki.graph.write_text(rename, url=url, old="Overview", new=hop.answer)
    assert rederive_multihop(wiki.graph, task)


def _trajectory(task: Task, answers: list[str], hops_visited: int) -> Attempt:
    pages = [hop.check.crawled(task.sites) for hop in task.hops[:hops_visited]]
    visited = [task.start_url or "", *pages]
    trajectory = WebTrajectory(start_url=task.start_url or "", visited=visited, answers=answers)
    return Attempt(task_id=task.id, answer=answers[-1] if answers else "", trajectory=trajectory)


def _hop_metrics(task: Task, attempt: Attempt) -> tuple[bool, int, int, int]:
    score = MultihopFamily().score(task, attempt)
    metrics = score.metrics
    return (
        score.success,
        int(metrics["hops_passed"]),
        int(metrics["first_failed_hop"]),
        int(metrics["hops_by_url"]),
    )


def test_the_family_scores_hand_written_trajectories(
    chains: SampleReport, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    task = chains.tasks[0]
    gold = [hop.answer for hop in task.hops[:-1]]
    links = [hop.link or "" for hop in task.hops[:-1]]
    # every answer read off its page, in order, then END: all three hops by keywords
    assert _hop_metrics(task, _trajectory(task, [*gold, "END"], 0)) == (True, 3, 0, 0)
    # the link texts are the pages' titles, not the facts asked for: hop 1 fails, stop
    assert _hop_metrics(task, _trajectory(task, links, 0)) == (False, 0, 1, 0)
    # no answers at all, but every hop's page reached in order: all three by URL
    assert _hop_metrics(task, _trajectory(task, [], 3)) == (True, 3, 0, 3)
    # hop 1 answered, hop 2 wrong and its page never reached: evaluation stops at hop 2
    assert _hop_metrics(task, _trajectory(task, [gold[0], "Lighthouse", gold[2]], 1)) == (
        False,
        1,
        2,
        0,
    )
    # no trajectory: one final answer with ' | ' between the hops' answers
    assert _hop_metrics(task, Attempt(task_id=task.id, answer=" | ".join(gold))) == (
        True,
        3,
        0,
        0,
    )


RUN = "run-multihop-wiki"
AGENT = "hand-written"


def _planned(wiki: WikiSites, chains: SampleReport) -> dict[str, tuple[Attempt, int]]:
    """Five tasks of 2, 2, 3, 3 and 5 hops with an attempt each and the hops it passes."""
    two = sample_multihop(wiki.graph, 2, 2, 0).tasks
    five = sample_multihop(wiki.graph, 5, 1, 0).tasks
    three = chains.tasks[:2]
    assert len(two) == 2 and len(five) == 1

    def answered(task: Task, right: int) -> Attempt:
        gold = [hop.answer for hop in task.hops[:-1]]
        return _trajectory(task, [*gold[:right], "not this one"], 0)

    return {
        two[0].id: (answered(two[0], 2), 2),
        two[1].id: (answered(two[1], 1), 1),
        three[0].id: (_trajectory(three[0], [], 3), 3),
        three[1].id: (Attempt(task_id=three[1].id, answer="I could not find it"), 0),
        five[0].id: (answered(five[0], 3), 3),
    }


@pytest.fixture(scope="module")
def scored_run(
    wiki: WikiSites, chains: SampleReport, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, tuple[Task, int]]:
    planned = _planned(wiki, chains)
    tasks = {
        task.id: task
        for report in (chains, sample_multihop(wiki.graph, 2, 2, 0))
        for task in report.tasks
    }
    tasks.update({task.id: task for task in sample_multihop(wiki.graph, 5, 1, 0).tasks})
    chosen = [tasks[task_id] for task_id in planned]
    write_task_nodes(wiki.graph, chosen, "test:multihop-wiki")

    @solver
    def hand_written() -> Solver:
        async def solve(state: TaskState, generate: Generate) -> TaskState:
            state.store.set(ATTEMPT_STORE_KEY, planned[str(state.sample_id)][0].model_dump())
            return state

        return solve

    evaluation = InspectTask(
        dataset=task_dataset(chosen), solver=hand_written(), scorer=task_scorer()
    )
    (log,) = inspect_eval(
        evaluation,
        model="mockllm/model",
        log_dir=str(tmp_path_factory.mktemp("multihop-logs")),
        display="none",
        metadata={"taskspace_run": RUN, "agent_spec": {"name": AGENT}},
    )
    assert log.status == "success", log.error
    assert write_run_results(wiki.graph, log) == 5
    return {task.id: (task, planned[task.id][1]) for task in chosen}


def test_eval_writes_hop_counts_to_attempted(
    wiki: WikiSites, scored_run: dict[str, tuple[Task, int]]
) -> None:
    rows = wiki.graph.read_text(
        "MATCH (:Run {id: $run})-[a:ATTEMPTED]->(t:Task) RETURN t.id AS task, a.success AS ok,"
        " a.hops_total AS total, a.hops_passed AS passed, a.first_failed_hop AS failed",
        run=RUN,
    )
    found = {row["task"]: (row["ok"], row["total"], row["passed"], row["failed"]) for row in rows}
    expected = {}
    for task_id, (task, passed) in scored_run.items():
        total = len(task.hops) - 1
        expected[task_id] = (passed == total, total, passed, 0 if passed == total else passed + 1)
    assert found == expected


def test_report_and_named_queries_bin_hop_sr_and_task_sr(
    wiki: WikiSites, scored_run: dict[str, tuple[Task, int]]
) -> None:
    data = read_report(wiki.graph, [RUN])
    assert len(data.hops) == 1
    (run,) = data.runs
    system = run.system  # a column is a run: its agent, offline (no model), its start
    assert system.startswith(f"{AGENT} · offline · ")
    # by hand: 2–4 hops: 2+1+3+0 of 2+2+3+3 hops, 2 of 4 tasks; 5+: 3 of 5, 0 of 1
    table = {
        name: (cell.attempts, cell.hops, cell.hops_passed, cell.successes)
        for name, cells in data.hops[0].by_bin.items()
        for cell in [cells[system]]
    }
    assert table == {"2–4": (4, 10, 6, 2), "5+": (1, 5, 3, 0), "all": (5, 15, 9, 2)}
    positions = {
        p: (c[system].passed, c[system].attempts) for p, c in data.hops[0].by_position.items()
    }
    assert positions == {1: (4, 5), 2: (3, 5), 3: (2, 3), 4: (0, 1), 5: (0, 1)}
    assert data.as_dict()["hops"][0]["by_hop_count"]["all"][system]["hop_sr"] == 0.6

    html = render_report(data)
    assert '<section id="hops">' in html and "Multihop: hop SR and task SR" in html
    assert "60% · 50% (4)" in html and "60% · 0% (1)" in html and "60% · 40% (5)" in html
    assert "4/5 (80%)" in html and "2/3 (67%)" in html
    assert 'id="hops_sr-bar-0-0"' in html and 'id="hops_position-bar-0-4"' in html

    by_count = [
        {k: row[k] for k in ("hop_count", "attempts", "hops", "hops_passed", "hop_sr", "task_sr")}
        for row in run_eval_query(wiki.graph, "hop_success_by_hop_count")
        if row["agent"] == AGENT
    ]
    assert by_count == [
        {
            "hop_count": "2-4",
            "attempts": 4,
            "hops": 10,
            "hops_passed": 6,
            "hop_sr": 0.6,
            "task_sr": 0.5,
        },
        {
            "hop_count": "5+",
            "attempts": 1,
            "hops": 5,
            "hops_passed": 3,
            "hop_sr": 0.6,
            "task_sr": 0.0,
        },
    ]
    by_position = [
        (row["position"], row["passed"], row["attempts"])
        for row in run_eval_query(wiki.graph, "hop_success_by_position")
        if row["agent"] == AGENT
    ]
    assert by_position == [(1, 4, 5), (2, 3, 5), (3, 2, 3), (4, 0, 1), (5, 0, 1)]


def _edges(graph: Graph, run: str) -> list[dict[str, Any]]:
    return graph.read_text(
        "MATCH (:Run {id: $run})-[a:ATTEMPTED]->(t:Task) RETURN t.id AS task, a.success AS ok,"
        " a.hops_total AS total, a.hops_passed AS passed, a.first_failed_hop AS failed,"
        " a.metrics_json AS metrics, a.error_type AS error ORDER BY task",
        run=run,
    )


def _positions(env: dict[str, str]) -> list[tuple[int, int, int]]:
    args = ["eval", "queries", "hop_success_by_position", "--json"]
    result = CliRunner().invoke(cli, args, env=env)
    assert result.exit_code == 0, result.output
    rows = [row for row in json.loads(result.output) if row["agent"] == "extractive"]
    return [(row["position"], row["passed"], row["attempts"]) for row in rows]


def _run_extractive(graph: Graph, tasks_file: Path, home: Path) -> dict[str, Any]:
    """Run (or resume) the extractive agent on ``tasks_file`` as `kg eval run` does, through
    the evaluation API: the command refuses it on multihop tasks (#26), and the text agent
    is what leaves errored and scored attempts side by side here."""
    spec = load_agent_spec("extractive")
    tasks, bad = read_tasks_file(tasks_file)
    assert not bad
    write_task_nodes(graph, tasks, f"file:{tasks_file.resolve()}")
    config = RunConfig(agent=spec.name, model=OFFLINE_MODEL, retriever=spec.retriever, k=spec.k)
    outcome = run_eval(graph, tasks, tasks_file, spec, config, home, display="none")
    log = outcome.logs[0]
    write_run_results(graph, log)
    samples = log.samples or []
    return {
        "run": outcome.run_id,
        "errors": sum(1 for sample in samples if sample.error is not None),
        "kind": (log.eval.metadata or {}).get("task_kind", ""),
        "metrics": run_metrics(log),
    }


def test_kg_eval_run_writes_the_hop_queue_to_attempted(
    wiki: WikiSites,
    chains: SampleReport,
    server_env: dict[str, str],
    tmp_path: Path,
    scored_run: dict[str, tuple[Task, int]],
) -> None:
    tasks_file = tmp_path / "multihop.jsonl"
    write_jsonl(chains.tasks[:3], tasks_file)
    env = {**server_env, "ANTHROPIC_API_KEY": ""}  # offline: keywords and URLs only
    args = ["eval", "run", str(tasks_file), "--agent", "extractive", "--display", "none"]
    # `kg eval run` refuses a document agent on multihop tasks, naming those that fit
    refused = CliRunner().invoke(cli, args, env=env)
    assert refused.exit_code == 1
    assert refused.output.strip().splitlines() == [
        "Error: agent 'extractive' solves doc tasks; these are multihop tasks: use one of "
        "heuristic, guided, memory, reflective, som"
    ]
    home = Path(server_env["TASKSPACE_HOME"])
    # the graph has web pages only: the extractive agent finds no chunks, every sample errors
    summary = _run_extractive(wiki.graph, tasks_file, home)
    assert summary["errors"] == 3, summary
    edges = _edges(wiki.graph, summary["run"])
    assert [(edge["error"], edge["total"]) for edge in edges] == [("NoChunksError", None)] * 3
    # unscored attempts still count, with their task's three hops and none passed
    assert _positions(env) == [(1, 0, 3), (2, 0, 3), (3, 0, 3)]
    # with a document loaded the same run resumes and scores the errored samples
    assert not load_documents(wiki.graph, [EXAMPLE_DOC]).failed
    again = _run_extractive(wiki.graph, tasks_file, home)
    assert again["run"] == summary["run"]
    edges = _edges(wiki.graph, summary["run"])
    assert sorted(edge["task"] for edge in edges) == sorted(task.id for task in chains.tasks[:3])
    for edge in edges:
        metrics = json.loads(edge["metrics"])
        assert edge["error"] is None and edge["total"] == 3 and metrics["hops_total"] == 3.0
        assert metrics["hops_passed"] == edge["passed"]
        assert metrics["hop_sr"] == pytest.approx(edge["passed"] / 3)
        assert edge["ok"] == (edge["passed"] == 3)
        assert edge["failed"] == (0 if edge["passed"] == 3 else edge["passed"] + 1)
    passed = [edge["passed"] for edge in edges]
    assert _positions(env) == [(p, sum(n >= p for n in passed), 3) for p in (1, 2, 3)]
    # a multihop run reports MMInA's rates: hop SR pooled over hops, task SR over tasks
    metrics = again["metrics"]
    assert again["kind"] == "multihop"
    assert metrics["hop_sr"] == pytest.approx(sum(passed) / (3 * len(passed)), abs=1e-6)
    assert metrics["task_sr"] == pytest.approx(sum(p == 3 for p in passed) / len(passed))
    assert "citation_precision" not in metrics

    # beside the hand-written run on other multihop tasks: a hop section per set of tasks,
    # each with its own run only
    data = read_report(wiki.graph, [RUN, summary["run"]])
    sections = {section.group: section for section in data.hops}
    assert set(sections) == {f"?: {len(scored_run)} tasks", "multihop.jsonl: 3 tasks"}
    columns = {run.id: run.system for run in data.runs}
    assert sections["multihop.jsonl: 3 tasks"].systems == [columns[summary["run"]]]
    assert sections[f"?: {len(scored_run)} tasks"].systems == [columns[RUN]]
    html = render_report(data)
    assert "Multihop: hop SR and task SR: multihop.jsonl: 3 tasks" in html
    assert 'id="hops-table-2"' in html and 'id="hops_sr-2-bar-0-0"' in html
