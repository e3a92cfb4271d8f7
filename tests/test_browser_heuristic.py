"""The offline web agent in the browser environment, through ``kg eval run``.

The real MkDocs site is served on 127.0.0.1 and crawled once; ``kg sample web`` samples
tasks from the graph; the site is then served again on another port and ``kg eval run
--agent heuristic --origin …`` drives real Chromium against it (the crawled origin mapped
to the served one). The run lands in the graph as a ``:Run`` with ``ATTEMPTED`` edges.

What passes and what fails, checked by hand on the site's HTML and the run's logs:

- Every ``nav_link`` task passes: its prompt quotes the link's name, so the agent clicks
  the quoted link and answers on the page it opens. The sample is taken with few
  candidates per template, so that the business tier (filled first) leaves room for
  basic ones.
- Some ``content_browsing`` tasks fail because the target page cannot be reached by the
  words of the prompt. The site ships without JavaScript, so its navigation dropdowns
  (“Configuration”, “Release Notes” …) never open and their items are not marked; on
  “Localizing Your Theme” or “Contributing” the only visible link to Release Notes is
  “MkDocs Team” (whose words are not the prompt's), and on “Choosing Your Theme” the
  links to Configuration are “theme” (a word of the start page's own title, which the
  agent discounts) and “theme configuration options” (one word in three from the prompt).
  The agent then answers on the start page and the URL criterion fails.
- ``multi_hop_navigation`` tasks name their goal by a section of the target page, not the
  route, so the agent (which follows only quoted names and overlapping words) mostly
  answers away from the target.

The sample depends on the crawl's port (task ids hash URLs), so the test asserts these
rules over whatever was sampled rather than a fixed list.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner
from inspect_ai.event import InfoEvent
from inspect_ai.log import read_eval_log
from inspect_ai.model import ContentImage

from taskspace.cli.main import cli
from taskspace.graph.connection import Graph
from taskspace.replay.origins import same_page
from taskspace.tasks.attempt import ATTEMPT_STORE_KEY, Attempt, WebTrajectory
from taskspace.tasks.model import Task
from taskspace.tasks.store import read_tasks_file
from taskspace.web.crawl import CrawlOptions
from taskspace.web.loader import load_web
from tests.support import SHARED_DATA
from tests.web_support import chromium_missing, empty_graph, serve_folder

pytestmark = pytest.mark.skipif(chromium_missing() is not None, reason=str(chromium_missing()))

MKDOCS = SHARED_DATA / "web" / "mkdocs_org_site"
COUNT = 12


@dataclass
class Sampled:
    graph: Graph
    tasks_file: Path
    tasks: list[Task]
    crawled: str


@pytest.fixture(scope="module")
def sampled(
    session_graph: Graph, server_env: dict[str, str], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Sampled]:
    if not (MKDOCS / "index.html").is_file():
        pytest.skip(f"real test data is absent: {MKDOCS} (../shared/data)")
    empty_graph(session_graph)
    home = tmp_path_factory.mktemp("browser-home")
    # no JavaScript ships with the site, so probing clicks would observe nothing
    options = CrawlOptions(max_depth=3, delay=0, probe=False)
    with serve_folder(MKDOCS) as base:
        summary = load_web(session_graph, base, options, home)
    assert len(summary.pages) >= 15, summary.failed
    out = home / "web-tasks.jsonl"
    result = CliRunner().invoke(
        cli,
        ["sample", "web", "-n", str(COUNT), "--seed", "3", "--per-template", "5", "-o", str(out)],
        env=server_env,
    )
    assert result.exit_code == 0, result.output
    tasks, bad = read_tasks_file(out)
    assert not bad and len(tasks) == COUNT
    assert any(task.template == "nav_link" for task in tasks)
    yield Sampled(session_graph, out, tasks, base.rstrip("/"))


def test_heuristic_agent_runs_in_chromium_and_reports_sr(
    sampled: Sampled, server_env: dict[str, str]
) -> None:
    with serve_folder(MKDOCS) as served:
        site = served.rstrip("/")
        arguments = ["eval", "run", str(sampled.tasks_file), "--agent", "heuristic"]
        result = CliRunner().invoke(cli, [*arguments, "--origin", site, "--json"], env=server_env)
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["samples"] == COUNT and summary["attempts_written"] == COUNT
    assert summary["errors"] == 0
    assert 0 < summary["successes"] < COUNT

    by_id = {task.id: task for task in sampled.tasks}
    outcomes: dict[str, tuple[Task, WebTrajectory, bool]] = {}
    for sample in read_eval_log(summary["log"]).samples or []:
        trajectory = Attempt.model_validate(sample.store[ATTEMPT_STORE_KEY]).trajectory
        assert trajectory is not None
        score = next(iter(sample.scores.values())) if sample.scores else None
        assert score is not None and isinstance(score.value, dict)
        outcomes[str(sample.id)] = (by_id[str(sample.id)], trajectory, score.value["success"] == 1)
        # the log keeps every action (an info event each) and every screenshot: the start
        # page and the page after each action but the answer
        infos = [e for e in sample.events if isinstance(e, InfoEvent) and e.source == "browserenv"]
        assert len(infos) == len(trajectory.actions)
        images = [
            part
            for message in sample.messages
            if isinstance(message.content, list)
            for part in message.content
            if isinstance(part, ContentImage)
        ]
        answered = sum(a.kind == "answer" for a in trajectory.actions)
        assert len(images) == 1 + len(trajectory.actions) - answered
    for task, trajectory, success in outcomes.values():
        # the browser ran against the served site, never the crawled origin
        start = str(task.start_url).replace(sampled.crawled, site)
        assert same_page(trajectory.visited[0], start)
        assert all(url.startswith(site) for url in trajectory.visited)
        # success is every criterion on the final page, and the criteria were all checked
        assert len(trajectory.checks) == len(task.success)
        assert success == all(trajectory.checks.values())
        target = task.success[0].value.replace(sampled.crawled, site)
        assert success == same_page(trajectory.final_url, target)
        if task.template == "nav_link":
            assert success, (task.prompt, trajectory.visited)
            assert [a.kind for a in trajectory.actions] == ["click", "answer"]
        if not success:  # a navigation failure: it answered away from the target page
            assert trajectory.actions[-1].kind in ("answer", "click")
            assert not any(same_page(url, target) for url in trajectory.visited[-1:])
    failed_types = {task.template for task, _, success in outcomes.values() if not success}
    assert failed_types <= {"content_browsing", "multi_hop_navigation"}

    rows = sampled.graph.read_text(
        "MATCH (r:Run {id: $id})-[a:ATTEMPTED]->(t:Task) "
        "RETURN r.agent AS agent, count(a) AS attempts, "
        "sum(CASE WHEN a.success THEN 1 ELSE 0 END) AS successes",
        id=summary["run"],
    )
    assert rows == [{"agent": "heuristic", "attempts": COUNT, "successes": summary["successes"]}]
    print(f"heuristic SR on MkDocs: {summary['successes']}/{COUNT}")


def test_nav_link_tasks_name_their_link_alone_on_its_page(sampled: Sampled) -> None:
    """Release Notes has two visible links that read "documentation" and lead to different
    pages: "use the link 'documentation'" would be ambiguous, so neither is a nav_link
    candidate, while links whose text is unique on their page are."""
    from taskspace.sampling.engine import run_template_query
    from taskspace.sampling.templates import load_templates

    spec = next(t for t in load_templates("web") if t.name == "nav_link")
    rows = run_template_query(sampled.graph, spec, limit=10_000, scan=100_000)
    assert rows
    ambiguous = sampled.graph.read_text(
        "MATCH (p:WebPage)-[:HAS_ELEMENT]->(a:WebElement {kind: 'link', visible: true}) "
        "WHERE p.url CONTAINS '/about/release-notes' AND toLower(trim(a.name)) = "
        "'documentation' RETURN a.id AS id"
    )
    assert len(ambiguous) >= 2
    assert not {row["id"] for row in ambiguous} & {row["anchor"] for row in rows}
    for row in rows:
        same_text = sampled.graph.read_text(
            "MATCH (p:WebPage {url: $page})-[:HAS_ELEMENT]->(a:WebElement {kind: 'link'}) "
            "WHERE a.visible AND toLower(trim(a.name)) = toLower(trim($name)) "
            "AND NOT (a)-[:NAVIGATES_TO]->(:WebPage {url: $target}) RETURN count(a) AS n",
            page=row["start_url"],
            name=row["link_name"],
            target=row["target_url"],
        )
        assert same_text == [{"n": 0}], row["link_name"]
