"""A navigation goal stated by a section heading only one page has, on the real Apache HTTP
Server manual (tests/fixtures/web/httpd_manual, see SOURCES.md).

"Mapping URLs to Filesystem Locations" (urlmapping.html) has a section headed
"DocumentRoot"; core.html has one headed "DocumentRoot Directive". Sampled before, the
goal "the page of this site that has a section headed “DocumentRoot”" fit both pages for a
reader. And a crawl stopped by its page limit cannot know that no unloaded page has the
heading too, so it states no such goal.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest
from click.testing import CliRunner

from taskspace.cli.main import cli
from taskspace.generators.templates.engine import run_template_query
from taskspace.generators.templates.templates import TemplateSpec, load_templates
from taskspace.graph.connection import Graph
from taskspace.sources.derived import refresh_derived, stale_derived
from taskspace.sources.web.element_vectors import ANCHOR_KINDS
from tests.support.locations import TESTS
from tests.support.web import chromium_missing, crawl_folder, empty_graph, serve_folder

pytestmark = pytest.mark.skipif(chromium_missing() is not None, reason=str(chromium_missing()))

HTTPD = TESTS / "fixtures" / "web" / "httpd_manual"


def multi_hop() -> TemplateSpec:
    return next(spec for spec in load_templates("web") if spec.name == "multi_hop_navigation")


@dataclass
class Site:
    graph: Graph
    base: str
    rows: list[dict[str, Any]]


@pytest.fixture(scope="module")
def site(session_graph: Graph, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    base, _ = crawl_folder(session_graph, HTTPD, tmp_path_factory.mktemp("httpd-goals"))
    rows = run_template_query(session_graph, multi_hop(), seed=0)
    yield Site(session_graph, base, rows)


def test_the_whole_site_was_crawled(site: Site) -> None:
    [coverage] = site.graph.read_text(
        "MATCH (s:WebSite) RETURN s.complete AS complete, s.unvisited AS unvisited"
    )
    assert coverage == {"complete": True, "unvisited": 0}


def test_a_goal_heading_is_no_other_pages_even_inside_a_longer_heading(site: Site) -> None:
    goals = {row["target_url"]: row["section"] for row in site.rows}
    urlmapping = f"{site.base}/urlmapping.html"
    assert goals.get(urlmapping) == "Files Outside the DocumentRoot", goals
    headings = site.graph.read_text(
        "MATCH (p:WebPage)-[:HAS_ELEMENT]->(h:WebElement {kind: 'heading'}) "
        "RETURN p.url AS url, toLower(coalesce(h.name, '')) AS name"
    )
    for target, section in goals.items():
        holders = {h["url"] for h in headings if section.lower() in h["name"]}
        assert holders == {target}, (section, holders)


def test_the_loader_counts_on_how_many_pages_each_heading_appears(site: Site) -> None:
    rows = site.graph.read_text(
        "MATCH (p:WebPage)-[:HAS_ELEMENT]->(h:WebElement {kind: 'heading'}) "
        "RETURN p.url AS url, toLower(trim(h.name)) AS name, h.heading_pages AS pages"
    )
    counts = {row["name"]: row["pages"] for row in rows}
    # "DocumentRoot" heads a section of urlmapping.html and is inside core.html's
    # "DocumentRoot Directive": two pages; the longer heading is core.html's alone.
    assert counts["documentroot"] == 2
    assert counts["documentroot directive"] == 1
    for row in rows:
        if 4 <= len(row["name"]) <= 60:
            holders = {other["url"] for other in rows if row["name"] in other["name"]}
            assert row["pages"] == len(holders), row
        else:
            assert row["pages"] is None, row


def test_each_page_stores_the_headings_the_templates_once_looked_up(site: Site) -> None:
    # What nav_link and multi_hop_navigation read from every element of a target page at
    # each sample, here computed the old way in Cypher, beside what the loader stored.
    rows = site.graph.read_text(
        "MATCH (p:WebPage) "
        "WITH p, head(COLLECT { "
        "  MATCH (p)-[:HAS_ELEMENT]->(h:WebElement {kind: 'heading', visible: true}) "
        "  WHERE size(trim(coalesce(h.name, ''))) > 1 "
        "  RETURN h.name ORDER BY h.bbox[1], h.bbox[0], h.id LIMIT 1 }) AS main "
        "RETURN p.url AS url, main, p.main_heading AS stored_main, head(COLLECT { "
        "  MATCH (p)-[:HAS_ELEMENT]->(h:WebElement {kind: 'heading', visible: true}) "
        "  WHERE size(trim(coalesce(h.name, ''))) >= 4 AND size(h.name) <= 60 "
        "    AND h.name <> coalesce(main, '') AND h.heading_pages = 1 "
        "  RETURN trim(h.name) ORDER BY h.bbox[1], h.bbox[0], h.id LIMIT 1 }) AS unique, "
        "  p.unique_heading AS stored_unique"
    )
    assert len(rows) == 9 and all(row["main"] for row in rows)
    # The two directory listings and the quick reference have no heading of their own.
    assert sum(row["unique"] is not None for row in rows) == 6
    for row in rows:
        assert (row["stored_main"], row["stored_unique"]) == (row["main"], row["unique"]), row
    stored = {row["url"]: (row["stored_main"], row["stored_unique"]) for row in rows}
    assert stored[f"{site.base}/urlmapping.html"] == (
        "Mapping URLs to Filesystem Locations",
        "Files Outside the DocumentRoot",
    )
    assert stored[f"{site.base}/mod/core.html"] == (
        "Apache Core Features",
        "DocumentRoot Directive",
    )


def test_a_site_crawled_before_the_counts_gets_them_from_refresh(site: Site) -> None:
    counts = (
        "MATCH (h:WebElement {kind: 'heading'}) RETURN h.id AS id, h.heading_pages AS pages "
        "ORDER BY id"
    )
    pages = (
        "MATCH (p:WebPage) RETURN p.id AS id, p.main_heading AS main, "
        "p.unique_heading AS unique ORDER BY id"
    )
    crawled, headed = site.graph.read_text(counts), site.graph.read_text(pages)
    assert not stale_derived(site.graph).sites
    site.graph.run_autocommit(
        "MATCH (s:WebSite) REMOVE s.heading_pages_version WITH s "
        "MATCH (s)-[:HAS_PAGE]->(p)-[:HAS_ELEMENT]->(h:WebElement {kind: 'heading'}) "
        "REMOVE h.heading_pages, p.main_heading, p.unique_heading"
    )
    stale = stale_derived(site.graph)
    assert len(stale.sites) == 1 and stale.documents == []
    assert stale.of_kind("doc").sites == [] and stale.of_kind("web") == stale
    assert stale.describe().startswith(
        "1 site lacks heading page counts and page headings (multi_hop_navigation asks "
        "nothing of it, nav_link checks no heading on the page it reaches)"
    )
    assert all(row["main"] is None for row in site.graph.read_text(pages))
    done = refresh_derived(site.graph)
    assert (done.sites, done.headings, done.pages, done.documents) == (1, len(crawled), 9, 0)
    assert site.graph.read_text(counts) == crawled
    assert site.graph.read_text(pages) == headed
    assert not stale_derived(site.graph)


def test_a_site_crawled_before_element_vectors_gets_them_from_refresh(site: Site) -> None:
    vectors = (
        "MATCH (w:WebElement) WHERE w.embedding IS NOT NULL "
        "RETURN w.id AS id, w.kind AS kind, w.embedding AS embedding ORDER BY id"
    )
    crawled = site.graph.read_text(vectors)
    assert crawled and {row["kind"] for row in crawled} <= ANCHOR_KINDS
    assert not stale_derived(site.graph).unembedded
    site.graph.run_autocommit(
        "MATCH (s:WebSite) REMOVE s.element_vectors_version WITH s "
        "MATCH (s)-[:HAS_PAGE]->()-[:HAS_ELEMENT]->(w:WebElement) REMOVE w.embedding"
    )
    stale = stale_derived(site.graph)
    assert len(stale.unembedded) == 1 and not stale.sites
    # Sampling works without them (the model embeds the texts), so nothing is warned.
    assert not stale.of_kind("web")
    done = refresh_derived(site.graph)
    assert (done.embedded_sites, done.embedded_elements) == (1, len(crawled))
    again = site.graph.read_text(vectors)
    assert [row["id"] for row in again] == [row["id"] for row in crawled]
    for before, after in zip(crawled, again, strict=True):
        assert np.allclose(before["embedding"], after["embedding"], atol=1e-5)
    assert not stale_derived(site.graph)


def test_one_task_per_goal_page(site: Site) -> None:
    targets = [row["target_url"] for row in site.rows]
    assert targets and len(targets) == len(set(targets))


def test_a_crawl_cut_by_its_page_limit_states_no_one_page_goal(
    session_graph: Graph, server_env: dict[str, str]
) -> None:
    empty_graph(session_graph)
    with serve_folder(HTTPD) as base:
        arguments = ["load", "web", base, "--max-pages", "3", "--delay", "0"]
        result = CliRunner().invoke(cli, arguments, env=server_env)
    assert result.exit_code == 0, result.output
    [coverage] = session_graph.read_text(
        "MATCH (s:WebSite) RETURN s.complete AS complete, s.unvisited AS unvisited"
    )
    assert coverage["complete"] is False and coverage["unvisited"] > 0
    said = " ".join(result.output.split())
    assert f"{coverage['unvisited']} linked pages not crawled (page or depth limit)" in said
    # Each distinct text of a link, button, input, search box or table was embedded once.
    [vectors] = session_graph.read_text(
        "MATCH (w:WebElement) WHERE w.embedding IS NOT NULL "
        "RETURN count(DISTINCT w.embedding) AS distinct, count(w) AS elements"
    )
    assert 0 < vectors["distinct"] < vectors["elements"]
    assert f"({vectors['distinct']} element texts embedded in " in said
    assert run_template_query(session_graph, multi_hop(), seed=0) == []
