"""A named site is identified by its pages' paths, not by where it is served: crawled on two
ports it gets the same page and element ids, and a seed samples the same web tasks."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

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
    unnamed = _crawl(session_graph, tmp_path, None)  # keyed by its origin, as before
    assert unnamed.pages != one.pages
