"""A site is identified by its key and its pages' paths, not by where it is served: crawled
on two ports, named or not, it gets the same page and element ids, and a seed samples the
same web tasks with the same golds. An unnamed crawl that joins a site crawled from another
origin says so in one line and keeps both origins on the :WebSite."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from taskspace.cli.main import cli
from taskspace.generators.templates.sampler import sample_tasks
from taskspace.graph.connection import Graph
from taskspace.sources.web.crawl import CrawlOptions
from taskspace.sources.web.loader import load_web
from taskspace.sources.web.urls import origin_of
from tests.support.web import FIXTURE_SITE, chromium_missing, empty_graph, serve_folder

pytestmark = pytest.mark.skipif(chromium_missing() is not None, reason=str(chromium_missing()))

OPTIONS = CrawlOptions(max_depth=3, delay=0, probe=False)


@dataclass
class Crawled:
    origin: str
    site: str
    pages: list[tuple[str, str]]
    """(page id, path inside the site) of every page."""
    urls: list[str]
    elements: list[str]
    tasks: list[tuple[str, str]]
    """(task id, prompt) of the web tasks sampled with one seed."""
    golds: list[tuple[str, str, list[str]]]
    """(task id, answer, success criteria) of the same tasks."""


def _crawl(graph: Graph, home: Path, site: str | None, keep: bool = False) -> Crawled:
    """Serve the fixture site on a fresh port and crawl it (into an emptied graph unless
    ``keep``); what identifies what it loaded."""
    if not keep:
        empty_graph(graph)
    with serve_folder(FIXTURE_SITE) as base:
        summary = load_web(graph, base, OPTIONS, home, site=site)
    assert summary.pages, summary.failed
    pages = graph.read_text(
        "MATCH (s:WebSite {id: $site})-[:HAS_PAGE]->(p:WebPage) "
        "RETURN p.id AS id, p.path AS path, p.url AS url ORDER BY path",
        site=summary.site_id,
    )
    elements = graph.read_text(
        "MATCH (s:WebSite {id: $site})-[:HAS_PAGE]->(:WebPage)-[:HAS_ELEMENT]->(e) "
        "RETURN e.id AS id ORDER BY id",
        site=summary.site_id,
    )
    tasks = [] if keep else sample_tasks(graph, "web", count=8, seed=5).tasks
    return Crawled(
        origin=origin_of(base),
        site=summary.site_id,
        pages=[(row["id"], row["path"]) for row in pages],
        urls=[row["url"] for row in pages],
        elements=[row["id"] for row in elements],
        tasks=[(task.id, task.prompt) for task in tasks],
        golds=[
            (task.id, task.answer, [f"{c.kind}: {c.value}" for c in task.success]) for task in tasks
        ],
    )


def test_a_named_site_on_two_ports_gets_the_same_ids_and_tasks(
    session_graph: Graph, tmp_path: Path
) -> None:
    first = _crawl(session_graph, tmp_path, "fixture-site")
    second = _crawl(session_graph, tmp_path, "fixture-site")
    assert first.origin != second.origin  # two servers, two ports
    assert first.site == second.site and first.pages == second.pages
    assert first.elements == second.elements and len(first.elements) > 20
    assert first.tasks == second.tasks and len(first.tasks) >= 3
    assert "/" in {path for _, path in first.pages}
    # each page keeps its full URL for navigation (and for an origin map to remap)
    assert all(url.startswith(second.origin) for url in second.urls)


def test_sites_named_apart_stay_apart_in_one_graph(session_graph: Graph, tmp_path: Path) -> None:
    one = _crawl(session_graph, tmp_path, "one")
    other = _crawl(session_graph, tmp_path, "other", keep=True)
    assert one.site != other.site and len(one.pages) == len(other.pages)
    assert not {page for page, _ in one.pages} & {page for page, _ in other.pages}
    unnamed = _crawl(session_graph, tmp_path, None)  # keyed by its host: 127.0.0.1
    assert unnamed.pages != one.pages


def test_an_unnamed_site_on_two_ports_gets_the_same_ids_tasks_and_golds(
    session_graph: Graph, tmp_path: Path
) -> None:
    first = _crawl(session_graph, tmp_path, None)
    second = _crawl(session_graph, tmp_path, None)
    assert first.origin != second.origin
    assert first.site == second.site and first.pages == second.pages
    assert first.elements == second.elements and len(first.elements) > 20
    assert first.tasks == second.tasks and len(first.tasks) >= 3
    assert first.golds == second.golds
    assert all(first.origin not in str(gold) for gold in second.golds)


def test_a_second_origin_of_one_key_is_said_in_one_line_and_kept(
    session_graph: Graph, server_env: dict[str, str]
) -> None:
    """`kg load web` of the fixture site on port A, then on port B: the second load names
    the key, the origin it was loaded from before and what it did; both origins stay on
    the :WebSite; `--json` carries the same."""
    empty_graph(session_graph)
    options = ["--max-pages", "2", "--delay", "0", "--no-probe"]
    with serve_folder(FIXTURE_SITE) as first:
        loaded = CliRunner().invoke(cli, ["load", "web", first, *options], env=server_env)
    assert loaded.exit_code == 0, loaded.output
    assert "loaded before" not in loaded.output
    with serve_folder(FIXTURE_SITE) as second:
        again = CliRunner().invoke(cli, ["load", "web", second, *options], env=server_env)
        as_json = CliRunner().invoke(
            cli, ["load", "web", second, *options, "--json"], env=server_env
        )
        named = CliRunner().invoke(
            cli, ["load", "web", second, *options, "--site", "shop"], env=server_env
        )
    assert again.exit_code == 0, again.output
    a, b = origin_of(first), origin_of(second)
    line = (
        f"Site key 127.0.0.1 was loaded before from {a}; {b} is taken as the same site "
        "(same page ids). Give --site NAME to keep two sites apart."
    )
    assert [row for row in again.output.splitlines() if "loaded before" in row] == [line]
    data = json.loads(as_json.output)
    assert data["site_key"] == "127.0.0.1" and data["earlier_origins"] == [a]
    assert data["same_site_note"] == line
    (site,) = session_graph.read_text(
        "MATCH (s:WebSite {key: '127.0.0.1'}) RETURN s.origins AS o, s.origin AS now"
    )
    assert site["o"] == sorted([a, b]) and site["now"] == b
    assert named.exit_code == 0 and "loaded before" not in named.output  # a name says so
