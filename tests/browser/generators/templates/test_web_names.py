"""Pages with an empty <title>: task text names them by their heading or URL path, and
`kg load web` ends with one clear outcome line."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from taskspace.cli.main import cli
from taskspace.generators.templates.sampler import sample_tasks
from taskspace.graph.connection import Graph
from taskspace.server.isolated import free_port
from taskspace.tasks.family import SampleReport
from tests.support.web import FIXTURE_SITE, chromium_missing, empty_graph, serve_folder

pytestmark = pytest.mark.skipif(chromium_missing() is not None, reason=str(chromium_missing()))


@dataclass
class Notes:
    graph: Graph
    base: str
    output: str
    exit_code: int
    report: SampleReport


@pytest.fixture(scope="module")
def notes(session_graph: Graph, server_env: dict[str, str]) -> Iterator[Notes]:
    """`kg load web` from the fixture site's untitled page, then web tasks sampled."""
    empty_graph(session_graph)
    with serve_folder(FIXTURE_SITE) as base:
        result = CliRunner().invoke(
            cli,
            ["load", "web", f"{base}untitled.html", "--max-depth", "1", "--delay", "0"],
            env=server_env,
        )
    report = sample_tasks(session_graph, "web", count=20, seed=0)
    yield Notes(session_graph, base, result.output, result.exit_code, report)


def test_pages_are_named_by_title_else_heading_else_path(notes: Notes) -> None:
    rows = notes.graph.read_text("MATCH (p:WebPage) RETURN p.url AS url, p.name AS name")
    names = {row["url"].removeprefix(notes.base.rstrip("/")): row["name"] for row in rows}
    assert names["/untitled.html"] == "Shop notes"
    assert names["/bare.html"] == "/bare.html"
    assert names["/"] == "Fixture Shop"


def test_a_crawl_with_a_missing_page_ends_partly_loaded(notes: Notes) -> None:
    assert notes.exit_code == 0, notes.output
    last = notes.output.strip().splitlines()[-1]
    assert last.startswith("Partly loaded: ") and "pages" in last


def test_prompts_name_untitled_pages_by_heading_or_path(notes: Notes) -> None:
    prompts = [task.prompt for task in notes.report.tasks]
    assert prompts
    assert all("“”" not in prompt for prompt in prompts)
    assert any("“Shop notes”" in prompt for prompt in prompts)
    assert any("“/bare.html”" in prompt for prompt in prompts)


def test_nothing_crawled_or_no_such_start_is_one_line_and_exit_1(
    server_env: dict[str, str], tmp_path: Path
) -> None:
    closed = f"http://127.0.0.1:{free_port()}/"
    result = CliRunner().invoke(cli, ["load", "web", closed, "--max-pages", "1"], env=server_env)
    assert result.exit_code == 1
    errors = [line for line in result.output.splitlines() if line.startswith("Error: ")]
    assert len(errors) == 1 and errors[0].startswith("Error: Nothing loaded: ")
    assert closed in errors[0]
    missing = str(tmp_path / "no-such-site")
    result = CliRunner().invoke(cli, ["load", "web", missing], env=server_env)
    assert result.exit_code == 1
    assert (
        result.output.strip()
        == f"Error: cannot crawl {missing!r}: no such URL or file; give an http(s) URL"
    )
