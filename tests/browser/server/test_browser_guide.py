"""`kg db browser` in real Chromium, on the session's real Neo4j Browser: the printed URL
opens the Browser and plays the guide, a login later its blocks run with one click, and a
real offline run's failed tasks show, as rows and as a graph whose :Run reads as its agent
and tasks file name."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from playwright.sync_api import Locator, Page, expect, sync_playwright

from taskspace.cli.main import cli
from taskspace.core.settings import Settings
from taskspace.generators.templates.sampler import sample_tasks
from taskspace.graph.connection import Graph
from taskspace.graph.metapaths import metapath_library
from taskspace.server.browser_guide import METAPATH_PARAMS, RESULT_PARAMS
from taskspace.server.isolated import free_port
from taskspace.sources.documents.loader import load_documents
from taskspace.sources.web.browser import CHROMIUM_ARGS, chromium_path
from taskspace.tasks.store import write_jsonl
from tests.support import wait_for_port
from tests.support.kg import KG, command_env
from tests.support.locations import REPO
from tests.support.web import chromium_missing

pytestmark = pytest.mark.skipif(chromium_missing() is not None, reason=str(chromium_missing()))

SECONDS = 30_000
"""Playwright waits, in ms: the Browser's first load and the first query are slow."""


@dataclass
class OfflineRun:
    summary: dict[str, Any]
    tasks_file: Path
    failed: list[str]
    """The ids of the tasks the run failed, as the graph holds them."""
    templates: list[str]
    """The templates of the tasks it attempted."""


@pytest.fixture(scope="module")
def offline_run(
    session_graph: Graph, server_env: dict[str, str], tmp_path_factory: pytest.TempPathFactory
) -> OfflineRun:
    session_graph.run_autocommit("MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS")
    assert not load_documents(session_graph, [REPO / "examples" / "documents"]).failed
    tasks = sample_tasks(session_graph, "doc", count=6, seed=0).tasks
    assert tasks
    tasks_file = tmp_path_factory.mktemp("guide") / "doc-guide.jsonl"
    write_jsonl(tasks, tasks_file)
    args = ["eval", "run", "--display", "none", "--agent", "extractive", "--json"]
    result = CliRunner().invoke(cli, [*args, str(tasks_file)], env=server_env)
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    failed = session_graph.read_text(
        "MATCH (:Run {id: $run})-[a:ATTEMPTED]->(t:Task) WHERE NOT a.success "
        "RETURN DISTINCT t.id AS id ORDER BY id",
        run=summary["run"],
    )
    assert failed, "the extractive agent is expected to fail some of these tasks"
    templates = session_graph.read_text(
        "MATCH (:Run {id: $run})-[:ATTEMPTED]->(t:Task) RETURN DISTINCT t.template AS name",
        run=summary["run"],
    )
    return OfflineRun(
        summary, tasks_file, [row["id"] for row in failed], [row["name"] for row in templates]
    )


@pytest.fixture(scope="module")
def play_url(offline_run: OfflineRun, server_env: dict[str, str]) -> Iterator[str]:
    """`kg db browser` as a user starts it: the Browser URL it prints."""
    port = free_port()
    process = subprocess.Popen(
        [KG, "db", "browser", "--port", str(port)],
        env=command_env(server_env),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        wait_for_port(port, process, "kg db browser")
        assert process.stdout is not None
        lines = [process.stdout.readline().strip() for _ in range(2)]
        assert lines[0] == f"Guide: http://localhost:{port}/taskspace.html"
        prefix = "Open Neo4j Browser with it: "
        assert lines[1].startswith(prefix), lines
        yield lines[1].removeprefix(prefix)
    finally:
        process.terminate()
        process.wait(timeout=20)


def log_in(page: Page, settings: Settings) -> None:
    page.wait_for_selector("[data-testid=boltaddress]", timeout=SECONDS)
    page.fill("[data-testid=boltaddress]", f"neo4j://127.0.0.1:{settings.bolt_port}")
    page.fill("[data-testid=username]", settings.neo4j_username)
    page.fill("[data-testid=password]", settings.password() or "")
    page.click("[data-testid=connect]")
    expect(page.get_by_text("You are connected as user")).to_be_visible(timeout=SECONDS)


def run_block(block: Locator) -> None:
    """Click a runnable block's play icon (a click on its text only fills the editor)."""
    block.locator("i").first.click()


def set_params(page: Page, block: Locator, command_start: str, count: int) -> None:
    """Run a block of ``:param`` lines and wait until all ``count`` are set."""
    run_block(block)
    statements = frame_of(page, command_start).locator(
        "[data-testid=multi-statement-list-icon][title='Status: success']"
    )
    expect(statements).to_have_count(count, timeout=SECONDS)


def frame_of(page: Page, command_start: str) -> Locator:
    """The result frame of the command that starts with ``command_start``."""
    command = page.locator("[data-testid=frameCommand]", has_text=command_start)
    return page.locator("[data-testid=frame]", has=command).first


def test_the_guide_plays_from_the_printed_url_and_its_queries_run_with_one_click(
    offline_run: OfflineRun,
    play_url: str,
    settings: Settings,
    session_graph: Graph,
    tmp_path: Path,
) -> None:
    run_id = offline_run.summary["run"]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(chromium_path()), headless=True, args=CHROMIUM_ARGS
        )
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.goto(play_url)
            log_in(page, settings)
            guide = page.locator("[data-testid=frame]", has=page.locator("pre.runnable"))
            guide.wait_for(timeout=SECONDS)
            assert guide.locator("h3").first.inner_text() == "The graph"

            # the schema, drawn by the Browser from the guide's first query
            run_block(guide.locator("pre[data-query='graph/labels']"))
            labels = frame_of(page, "// Every node label")
            for label in ("Document", "Run", "Task"):
                expect(labels).to_contain_text(f'"{label}"', timeout=SECONDS)

            # the style: a :Run is captioned by its name
            run_block(guide.locator("pre.runnable", has_text=":style").first)
            frame_of(page, ":style").wait_for(timeout=SECONDS)

            # choose the run: its block sets the parameters the result queries read
            guide.locator("li[aria-label='2']").click()
            choice = guide.locator("pre.runnable", has_text=run_id).first
            assert (
                "extractive · doc-guide.jsonl"
                in choice.locator("xpath=preceding-sibling::h5[1]").inner_text()
            )
            set_params(page, choice, ":param runs", len(RESULT_PARAMS) + 2)

            # the run's failed tasks, as rows
            guide.locator("li[aria-label='3']").click()
            run_block(guide.locator("pre[data-query='reports/failed_tasks']"))
            failed = frame_of(page, "// Per selected run, every failed attempt")
            expect(failed).to_contain_text(run_id, timeout=SECONDS)
            for task in offline_run.failed:
                expect(failed).to_contain_text(task)

            # and as a graph: the run reads as agent and tasks file, never as a path
            run_block(guide.locator("pre[data-query='browser/run_failures']"))
            drawn = frame_of(page, "// A run's failed tasks as a graph")
            drawn.locator("svg g.node").first.wait_for(timeout=SECONDS)
            page.wait_for_timeout(1500)  # the layout settles
            captions = drawn.locator("svg g.node").evaluate_all(
                "nodes => nodes.map(n => [...n.querySelectorAll('text')]"
                ".map(t => t.textContent).join(' ').replace(/\\s+/g, ' ').trim())"
            )
            page.screenshot(path=str(tmp_path / "browser-guide.png"))
            assert "extractive · doc-guide.jsonl" in captions, captions
            assert not any("/" in caption for caption in captions), captions
            assert len(captions) >= 1 + len(offline_run.failed)

            # success by template: a row per template the run attempted
            run_block(guide.locator("pre[data-query='reports/success_by_property']"))
            by_template = frame_of(page, "// Attempts and successes per value")
            for template in offline_run.templates:
                expect(by_template).to_contain_text(f'"{template}"', timeout=SECONDS)

            # a meta-path query, in the sampling window its slide sets: the graph's rows
            guide.locator("li[aria-label='4']").click()
            window = guide.locator("pre.runnable", has_text=":param anchors").first
            set_params(page, window, ":param anchors", len(METAPATH_PARAMS))
            run_block(guide.locator("pre[data-query='documents/section_title']"))
            sections = frame_of(page, "// information_extraction: a numbered section")
            expected = session_graph.read_text(
                metapath_library().text("documents/section_title"), **METAPATH_PARAMS
            )
            assert expected
            for row in expected:
                expect(sections).to_contain_text(row["anchor"], timeout=SECONDS)
        finally:
            browser.close()
