"""The real MkDocs site (shared data), served on 127.0.0.1 and crawled by real Chromium.

Its JavaScript was left out, so what the browser really shows is checked: the dropdown
menus and the search modal exist in the DOM but never open, and the graph says so
(``observed=false``). Expected pages and links come from the site's own files
(sitemap.xml and the HTML), not from the crawler. Loaded once for the module.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass
from urllib.parse import urljoin, urlsplit

import pytest
from bs4 import BeautifulSoup
from PIL import Image

from taskspace.core.settings import Settings
from taskspace.graph.connection import Graph
from taskspace.sources.web.crawl import CrawlOptions
from taskspace.sources.web.loader import WebLoadReport, load_web
from taskspace.sources.web.urls import normalise_url
from tests.support import SHARED_DATA
from tests.support.web import (
    chromium_missing,
    edges,
    empty_graph,
    graph_counts,
    page_links,
    selectors_resolve,
    serve_folder,
)

MKDOCS = SHARED_DATA / "web" / "mkdocs_org_site"

pytestmark = [
    pytest.mark.skipif(not MKDOCS.is_dir(), reason=f"shared test data is absent ({MKDOCS})"),
    pytest.mark.skipif(chromium_missing() is not None, reason=str(chromium_missing())),
]


@dataclass
class Crawled:
    base: str
    summary: WebLoadReport
    counts: dict[str, int]

    def url(self, path: str) -> str:
        return normalise_url(path, self.base)


@pytest.fixture(scope="module")
def mkdocs(session_graph: Graph, settings: Settings) -> Iterator[Crawled]:
    empty_graph(session_graph)
    with serve_folder(MKDOCS) as base:
        options = CrawlOptions(max_pages=60, max_depth=10, timeout=30, delay=0)
        summary = load_web(session_graph, base, options, settings.home)
        yield Crawled(base, summary, graph_counts(session_graph))


def _html_pages() -> dict[str, BeautifulSoup]:
    """Every HTML file of the site by its path below the root, parsed."""
    return {
        path.relative_to(MKDOCS).as_posix(): BeautifulSoup(path.read_text("utf-8"), "lxml")
        for path in sorted(MKDOCS.rglob("*.html"))
    }


def _sitemap_paths() -> set[str]:
    tree = ET.parse(MKDOCS / "sitemap.xml")
    locs = tree.getroot().iter("{http://www.sitemaps.org/schemas/sitemap/0.9}loc")
    return {urlsplit(loc.text or "").path for loc in locs}


def _crawled(graph: Graph, site: str) -> set[str]:
    rows = graph.read_text(
        "MATCH (:WebSite {id: $site})-[:HAS_PAGE]->(p:WebPage) RETURN p.url AS url", site=site
    )
    return {row["url"] for row in rows}


def test_every_page_of_the_site_is_reached(mkdocs: Crawled, session_graph: Graph) -> None:
    crawled = _crawled(session_graph, mkdocs.summary.site_id)
    sitemap = {mkdocs.url(path) for path in _sitemap_paths()}
    assert len(sitemap) == 19 and crawled == sitemap
    # The folder's other HTML files are 404.html and redirect stubs that no page links to.
    files = _html_pages()
    others = {path for path in files if mkdocs.url(path) not in crawled}
    assert others == {
        "404.html",
        "user-guide/custom-themes/index.html",
        "user-guide/plugins/index.html",
        "user-guide/styling-your-docs/index.html",
    }
    for path in others - {"404.html"}:
        assert files[path].find("meta", attrs={"http-equiv": "refresh"}) is not None
    # The one link to a non-HTML file is an asset: skipped, not a failed page.
    assert mkdocs.summary.failed == []
    assert mkdocs.summary.assets == [mkdocs.url("img/favicon.ico")]


def test_navbar_and_dropdown_menus_are_nav_and_link_elements(
    mkdocs: Crawled, session_graph: Graph
) -> None:
    home = mkdocs.url("")
    navbar = session_graph.read_text(
        "MATCH (:WebPage {url: $url})-[:HAS_ELEMENT]->(n:WebElement {kind: 'nav'}) "
        "WHERE n.selector STARTS WITH 'html > body > div:nth-of-type(1)' "
        "AND NOT (:WebElement)-[:CONTAINS]->(n) "
        "MATCH (n)-[:CONTAINS*]->(l:WebElement {kind: 'link'}) "
        "RETURN n.visible AS visible, collect(l.name) AS links",
        url=home,
    )
    assert len(navbar) == 1 and navbar[0]["visible"] is True
    assert {"Home", "Getting Started", "User Guide", "Installation", "License"} <= set(
        navbar[0]["links"]
    )
    soup = _html_pages()["index.html"]
    for toggle in soup.select("a.dropdown-toggle"):
        title = toggle.get_text(" ", strip=True)
        menu = toggle.find_next_sibling("ul")
        assert menu is not None, title
        expected = [a.get_text(strip=True) for a in menu.select("a")]
        menus = session_graph.read_text(
            "MATCH (:WebPage {url: $url})-[:HAS_ELEMENT]->"
            "(t:WebElement {kind: 'link', name: $name})-[o:OPENS]->(m:WebElement {kind: 'nav'})"
            "-[:CONTAINS]->(l:WebElement {kind: 'link'}) "
            "RETURN o.observed AS observed, o.via AS via, m.visible AS visible, "
            "collect(l.name) AS links, collect(l.visible) AS shown",
            url=home,
            name=title,
        )
        assert len(menus) == 1, title
        # No script: clicking the toggle leaves the menu closed, and the graph says so.
        assert (menus[0]["observed"], menus[0]["via"], menus[0]["visible"]) == (
            False,
            "dropdown",
            False,
        )
        assert sorted(menus[0]["links"]) == sorted(expected)
        assert set(menus[0]["shown"]) == {False}
    assert page_links(session_graph, home, "Installation") == [
        mkdocs.url("user-guide/installation/")
    ]


def test_search_modal_form_and_box(mkdocs: Crawled, session_graph: Graph) -> None:
    boxes = session_graph.read_text(
        "MATCH (p:WebPage)-[:HAS_ELEMENT]->(b:WebElement {selector: '#mkdocs-search-query'}) "
        "MATCH (b)-[f:FILLS]->(form:WebElement {kind: 'form'}) "
        "MATCH (d:WebElement {kind: 'dialog'})-[:CONTAINS*]->(form)-[:CONTAINS]->(b) "
        "MATCH (p)-[:HAS_ELEMENT]->(opener:WebElement)-[o:OPENS]->(d) "
        "RETURN p.url AS url, b.kind AS kind, b.placeholder AS placeholder, b.visible AS visible,"
        " f.observed AS fills_seen, d.name AS dialog, d.visible AS open, opener.name AS opener,"
        " o.via AS via, o.observed AS opens_seen",
        url=mkdocs.url(""),
    )
    assert {row["url"] for row in boxes} == _crawled(session_graph, mkdocs.summary.site_id)
    assert {
        (
            row["kind"],
            row["placeholder"],
            row["visible"],
            row["fills_seen"],
            row["dialog"],
            row["open"],
            row["opener"],
            row["via"],
            row["opens_seen"],
        )
        for row in boxes
    } == {
        ("search_box", "Search...", False, False, "Search", False, "Search", "data-target", False)
    }


def test_previous_and_next_links_lead_where_the_html_says(
    mkdocs: Crawled, session_graph: Graph
) -> None:
    checked = 0
    for path, soup in _html_pages().items():
        url = mkdocs.url(path)
        if url not in _crawled(session_graph, mkdocs.summary.site_id):
            continue
        page_url = urljoin(mkdocs.base, path)
        for rel, name in (("prev", "Previous"), ("next", "Next")):
            anchor = soup.find("a", rel=rel)
            assert anchor is not None, (path, rel)
            href = anchor.get("href")
            expected = [normalise_url(str(href), page_url)] if href else []
            assert page_links(session_graph, url, name) == expected, (path, rel)
            checked += bool(expected)
    assert checked == 36  # 19 pages, first has no Previous and last no Next
    start = mkdocs.url("getting-started/")
    assert page_links(session_graph, start, "Next") == [mkdocs.url("user-guide/")]
    assert page_links(session_graph, start, "Previous") == [mkdocs.url("")]


def test_set_of_marks_screenshots(mkdocs: Crawled, session_graph: Graph) -> None:
    rows = session_graph.read_text(
        "MATCH (:WebSite {id: $site})-[:HAS_PAGE]->(p:WebPage)-[:HAS_ELEMENT]->(e:WebElement) "
        "WITH p, collect(e.som) AS marks, "
        "     sum(CASE WHEN e.visible AND e.kind IN ['link', 'button', 'input', 'search_box',"
        "         'select', 'checkbox'] THEN 1 ELSE 0 END) AS markable "
        "RETURN p.url AS url, p.screenshot AS plain, p.som_screenshot AS marked, "
        "       marks, markable",
        site=mkdocs.summary.site_id,
    )
    assert len(rows) == 19
    for row in rows:
        assert sorted(row["marks"]) == list(range(1, row["markable"] + 1)), row["url"]
        with Image.open(row["plain"]) as plain, Image.open(row["marked"]) as marked:
            assert plain.size == marked.size and plain.size[0] == 1280
            assert plain.convert("RGB").tobytes() != marked.convert("RGB").tobytes()


def test_selectors_find_exactly_their_element(mkdocs: Crawled, session_graph: Graph) -> None:
    url = mkdocs.url("user-guide/installation/")
    rows = session_graph.read_text(
        "MATCH (:WebPage {url: $url})-[:HAS_ELEMENT]->(e:WebElement) "
        "RETURN e.selector AS selector, e.xpath AS xpath, e.id AS id",
        url=url,
    )
    assert len(rows) > 50
    resolved = selectors_resolve(mkdocs.base, url, {r["selector"]: r["xpath"] for r in rows})
    assert len(resolved) == len(rows) and set(resolved.values()) == {1}


def test_summary_and_provenance(mkdocs: Crawled, session_graph: Graph) -> None:
    kinds = mkdocs.summary.elements_by_kind
    assert kinds["search_box"] == 19 and kinds["form"] == 19 and kinds["dialog"] == 38
    assert set(kinds) <= {
        "button", "link", "input", "search_box", "select", "checkbox", "form", "nav",
        "dialog", "toast", "table", "heading", "image", "text", "list",
    }  # fmt: skip
    assert mkdocs.summary.edges_by_type["HAS_PAGE"]["count"] == 19
    assert mkdocs.summary.edges_by_type["OPENS"] == {"count": 76, "observed": 0}
    sources = session_graph.read_text(
        "MATCH (n) WHERE NOT n:Source RETURN DISTINCT n.source AS source"
    )
    assert sources == [{"source": mkdocs.summary.source_id}]
    text = session_graph.read_text(
        "MATCH (p:WebPage {url: $url}) RETURN p.text AS text, p.title AS title",
        url=mkdocs.url("user-guide/installation/"),
    )[0]
    assert text["title"] == "Installation - MkDocs"
    assert "pip install mkdocs" in text["text"] and len(text["text"]) <= 5000


def test_crawling_again_changes_nothing(
    mkdocs: Crawled, session_graph: Graph, settings: Settings
) -> None:
    again = load_web(
        session_graph, mkdocs.base, CrawlOptions(max_pages=3, delay=0, timeout=30), settings.home
    )
    assert len(again.pages) == 3
    assert graph_counts(session_graph) == mkdocs.counts
    assert edges(session_graph, "FILLS", mkdocs.url(""))[0]["observed"] is False
