"""kg sample review on tasks sampled from real EIPs: the page shows each task beside its
source, served it saves the verdicts a reader clicks in real Chromium, and the summary and
the :Task nodes carry them."""

from __future__ import annotations

import json
import subprocess
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from markupsafe import escape
from playwright.sync_api import sync_playwright

from taskspace.cli.main import cli
from taskspace.graph.connection import Graph
from taskspace.server.isolated import free_port
from taskspace.sources.web.browser import chromium_path
from taskspace.tasks.review.verdicts import read_verdicts, verdicts_path
from taskspace.tasks.store import read_tasks_file
from tests.support import wait_for_port
from tests.support.docs import REAL_DOCS, require_real_eips
from tests.support.kg import KG, command_env
from tests.support.web import chromium_missing


def kg(env: dict[str, str], *args: str) -> Any:
    return CliRunner().invoke(cli, list(args), env=env)


@pytest.fixture(scope="module")
def sampled(
    session_graph: Graph, server_env: dict[str, str], tmp_path_factory: pytest.TempPathFactory
) -> Path:
    require_real_eips()
    session_graph.run_autocommit("MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS")
    loaded = kg(server_env, "load", "docs", str(REAL_DOCS))
    assert loaded.exit_code == 0, loaded.output
    out = tmp_path_factory.mktemp("review") / "doc.jsonl"
    result = kg(server_env, "sample", "doc", "-n", "6", "--seed", "2", "-o", str(out))
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture
def served(sampled: Path, server_env: dict[str, str]) -> Iterator[str]:
    verdicts_path(sampled).unlink(missing_ok=True)
    port = free_port()
    process = subprocess.Popen(
        [KG, "sample", "review", str(sampled), "--serve", "--port", str(port)],
        env=command_env(server_env),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        wait_for_port(port, process, "kg sample review --serve")
        yield f"http://127.0.0.1:{port}/"
    finally:
        process.terminate()
        process.wait(timeout=20)


def test_the_page_shows_each_task_with_its_grounding_and_source_text(
    sampled: Path, server_env: dict[str, str], session_graph: Graph
) -> None:
    result = kg(server_env, "sample", "review", str(sampled))
    assert result.exit_code == 0, result.output
    page = sampled.with_name("doc.review.html")
    html = page.read_text(encoding="utf-8")
    tasks, _ = read_tasks_file(sampled)
    assert html.count('class="task') == len(tasks) == 6
    for task in tasks:
        assert f'data-task="{task.id}"' in html
        # every grounding node the graph holds is listed by its id
        assert all(ref.id in html for ref in task.grounding[:40])
    # the source: file names of the real EIPs and their own words
    # the source: where each node sits (the real files) and its own words, as read from
    # the graph
    assert "html_md/eip-" in html
    texts = session_graph.read_text(
        "UNWIND $ids AS id MATCH (n:DocElement {id: id}) WHERE n.text <> '' RETURN n.text AS text",
        ids=[ref.id for task in tasks for ref in task.grounding],
    )
    assert texts
    for row in texts:
        assert str(escape(" ".join(row["text"].split())[:60])) in html


def test_verdicts_clicked_in_chromium_are_saved_summarised_and_put_on_tasks(
    sampled: Path, served: str, server_env: dict[str, str], session_graph: Graph
) -> None:
    missing = chromium_missing()
    if missing:
        pytest.skip(missing)
    tasks, _ = read_tasks_file(sampled)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(chromium_path()), args=["--no-sandbox", "--disable-gpu"]
        )
        page = browser.new_page()
        page.goto(served)
        first, second = page.locator("section.task").nth(0), page.locator("section.task").nth(1)
        first.locator("input[value=valid]").check()
        first.locator("button.save").click()
        second.locator("input[value=invalid]").check()
        second.locator("button.save").click()
        assert second.locator(".status").inner_text() == "an invalid task needs a reason"
        second.locator("select.reason").select_option("wrong_gold")
        second.locator("textarea.note").fill("the source gives another figure")
        second.locator("button.save").click()
        page.wait_for_function("document.querySelectorAll('section.task.invalid').length == 1")
        assert page.locator("#progress").inner_text().startswith("2 of 6 judged, 1 valid")
        # a reload reads the saved verdicts back
        page.reload()
        assert page.locator("section.task.valid").count() == 1
        assert page.locator("section.task").nth(1).locator("select.reason").input_value() == (
            "wrong_gold"
        )
        browser.close()
    saved = read_verdicts(verdicts_path(sampled))
    assert {task: v.verdict for task, v in saved.items()} == {
        tasks[0].id: "valid",
        tasks[1].id: "invalid",
    }
    assert saved[tasks[1].id].reason == "wrong_gold"

    summary = kg(server_env, "sample", "review", str(sampled), "--summary", "--json")
    assert summary.exit_code == 0, summary.output
    doc = json.loads(summary.output)["summary"]["doc"]
    assert (doc["judged"], doc["valid"], doc["invalid_by_reason"]) == (2, 1, {"wrong_gold": 1})

    written = kg(server_env, "sample", "review", str(sampled), "--to-graph", "--json")
    assert written.exit_code == 0, written.output
    rows = session_graph.read_text(
        "MATCH (t:Task) WHERE t.review_verdict IS NOT NULL "
        "RETURN t.id AS id, t.review_verdict AS verdict, t.review_reason AS reason"
    )
    assert {(r["id"], r["verdict"], r["reason"]) for r in rows} == {
        (tasks[0].id, "valid", ""),
        (tasks[1].id, "invalid", "wrong_gold"),
    }


def test_a_verdict_without_the_page_token_or_for_another_task_is_refused(
    served: str, sampled: Path
) -> None:
    tasks, _ = read_tasks_file(sampled)
    body = json.dumps({"task": tasks[0].id, "kind": "doc", "verdict": "valid"}).encode()
    request = urllib.request.Request(served + "verdict", data=body, method="POST")
    request.add_header("Content-Type", "application/json")
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=10)
    assert refused.value.code == 400
    assert "token" in json.loads(refused.value.read())["error"]
    assert not verdicts_path(sampled).exists()


def test_verdicts_downloaded_from_a_file_page_are_imported(
    sampled: Path, server_env: dict[str, str], tmp_path: Path
) -> None:
    tasks, _ = read_tasks_file(sampled)
    verdicts_path(sampled).unlink(missing_ok=True)
    downloaded = tmp_path / "doc.review.jsonl"
    downloaded.write_text(
        json.dumps({"task": tasks[2].id, "kind": "doc", "verdict": "invalid", "reason": "spoiler"})
        + "\n"
    )
    result = kg(server_env, "sample", "review", str(sampled), "--import", str(downloaded))
    assert result.exit_code == 0, result.output
    assert read_verdicts(verdicts_path(sampled))[tasks[2].id].reason == "spoiler"
    stranger = tmp_path / "other.jsonl"
    stranger.write_text(json.dumps({"task": "task:none", "kind": "doc", "verdict": "valid"}) + "\n")
    refused = kg(server_env, "sample", "review", str(sampled), "--import", str(stranger))
    assert refused.exit_code == 1 and "tasks not in" in refused.output
