"""The project's own small site, crawled by real Chromium into the real test server.

It covers what the real MkDocs site cannot show because its JavaScript is missing: a
form that fills and submits, a dialog and a menu that open, a toast, a list that a
select and a text field filter, all observed in the browser. The site is loaded once
for the module; the tests read the graph, and the CLI test loads it a second time.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from taskspace.cli.load_web import web
from taskspace.cli.main import cli
from taskspace.core.settings import Settings
from taskspace.graph.connection import Graph
from taskspace.server.isolated import free_port
from taskspace.sources.web.crawl import CrawlOptions
from taskspace.sources.web.loader import WebLoadReport, load_web
from tests.support.web import (
    FIXTURE_SITE,
    chromium_missing,
    edges,
    empty_graph,
    graph_counts,
    page_links,
    selectors_resolve,
    serve_folder,
)

pytestmark = pytest.mark.skipif(chromium_missing() is not None, reason=str(chromium_missing()))

SLOW_SECONDS = 12.0
TIMEOUT = 5.0


@dataclass
class Loaded:
    base: str
    summary: WebLoadReport
    counts: dict[str, int]
    posts: list[str]

    def url(self, path: str = "") -> str:
        return (self.base + path).rstrip("/") if path else self.base.rstrip("/") + "/"


@pytest.fixture(scope="module")
def site(session_graph: Graph, settings: Settings) -> Iterator[Loaded]:
    empty_graph(session_graph)
    posts: list[str] = []
    slow = {"/slow.html": SLOW_SECONDS}
    redirects = {"/old-contact.html": "/form.html"}
    with serve_folder(FIXTURE_SITE, slow=slow, redirects=redirects, posts=posts) as base:
        options = CrawlOptions(max_depth=3, timeout=TIMEOUT, delay=0)
        summary = load_web(session_graph, base, options, settings.home)
        yield Loaded(base, summary, graph_counts(session_graph), posts)


def test_every_page_loads_and_bad_pages_are_reported(site: Loaded, session_graph: Graph) -> None:
    loaded = {page.url for page in site.summary.pages}
    assert loaded == {
        site.url(),
        site.url("form.html"),
        site.url("widgets.html"),
        site.url("catalog/"),
        site.url("results.html"),
    }
    failed = {failure.input: failure.reason for failure in site.summary.failed}
    assert failed[site.url("missing.html")] == "HTTP 404 File not found"
    assert failed[site.url("slow.html")] == f"timeout: no load within {TIMEOUT:g} s"
    assert len(failed) == 2
    assert site.summary.assets == [site.url("data.json")]  # a file, not a page: skipped
    rows = session_graph.read_text(
        "MATCH (s:WebSite {id: $site})-[:HAS_PAGE]->(p:WebPage) "
        "RETURN s.origin AS origin, p.url AS url, p.title AS title, p.depth AS depth, "
        "p.status AS status ORDER BY url",
        site=site.summary.site_id,
    )
    assert {row["url"]: (row["title"], row["depth"]) for row in rows} == {
        site.url(): ("Fixture Shop", 0),
        site.url("catalog"): ("Catalog", 1),
        site.url("form.html"): ("Contact us", 1),
        site.url("results.html"): ("Search results", 1),
        site.url("widgets.html"): ("Widgets", 1),
    }
    assert {row["origin"] for row in rows} == {site.base.rstrip("/")}
    assert {row["status"] for row in rows} == {200}


def test_dialogs_menus_and_toasts_open_when_clicked(site: Loaded, session_graph: Graph) -> None:
    opens = {
        (e["source"], e["target_kind"], e["target"]): (e["observed"], e["via"])
        for e in edges(session_graph, "OPENS", site.url("widgets.html"))
    }
    assert opens == {
        ("Open help", "dialog", "Help"): (True, "aria-controls"),
        ("Account", "nav", ""): (True, "dropdown"),
        # Declared by data-target, but no script opens it: kept, marked as not observed.
        ("Broken modal", "dialog", "Ghost"): (False, "data-target"),
    }
    triggers = edges(session_graph, "TRIGGERS", site.url("widgets.html"))
    assert [(e["source"], e["target_selector"], e["observed"]) for e in triggers] == [
        ("Notify me", "#notice", True)
    ]


def test_forms_fill_submit_and_answer_with_a_toast(site: Loaded, session_graph: Graph) -> None:
    url = site.url("form.html")
    fills = {
        (e["source"], e["target_selector"], e["observed"])
        for e in edges(session_graph, "FILLS", url)
    }
    assert fills == {
        ("Search the shop", "#site-search", True),
        ("Your name", "#contact", True),
        ("Email", "#contact", True),
        ("Topic", "#contact", True),
        ("Send me news", "#contact", True),
        ("Message", "#contact", True),
        ("Newsletter email", "#newsletter", True),
    }
    submits = {
        (e["source"], e["target_selector"], e["observed"])
        for e in edges(session_graph, "SUBMITS", url)
    }
    assert submits == {
        ("Search", "#site-search", True),
        ("Send message", "#contact", True),
        ("Subscribe", "#newsletter", True),
    }
    # The submits were seen to fire, yet the POST forms sent nothing to the server.
    assert site.posts == []
    toasts = edges(session_graph, "TRIGGERS", url)
    assert [(e["source"], e["target_selector"], e["observed"]) for e in toasts] == [
        ("Send message", "#sent", True)
    ]
    kinds = session_graph.read_text(
        "MATCH (:WebPage {url: $url})-[:HAS_ELEMENT]->(e:WebElement) "
        "WHERE e.name IN ['Search the shop', 'Send me news', 'Topic', 'Your name'] "
        "RETURN e.name AS name, e.kind AS kind, e.input_type AS type ORDER BY name",
        url=url,
    )
    assert [(k["name"], k["kind"], k["type"]) for k in kinds] == [
        ("Search the shop", "search_box", "search"),
        ("Send me news", "checkbox", "checkbox"),
        ("Topic", "select", None),
        ("Your name", "input", "text"),
    ]


def test_a_select_and_a_text_field_filter_the_list(site: Loaded, session_graph: Graph) -> None:
    filters = {
        (e["source"], e["target_selector"], e["observed"], e["via"])
        for e in edges(session_graph, "FILTERS", site.url("catalog"))
    }
    assert filters == {
        ("Category", "#items", True, "aria-controls"),
        ("Name contains", "#items", True, "probe"),
    }


def test_links_and_submits_navigate_to_crawled_pages(site: Loaded, session_graph: Graph) -> None:
    home = site.url()
    assert page_links(session_graph, home, "Contact") == [site.url("form.html")]
    assert page_links(session_graph, home, "See the widgets") == [site.url("widgets.html")]
    assert page_links(session_graph, home, "to the hours") == []
    assert page_links(session_graph, home, "Old page") == []  # 404: no page to point at
    assert page_links(session_graph, home, "Elsewhere") == []  # another origin
    # A link to an address that redirects leads to the page the redirect lands on.
    assert page_links(session_graph, home, "Old contact page") == [site.url("form.html")]
    assert page_links(session_graph, site.url("catalog"), "Home") == [home]
    submits = session_graph.read_text(
        "MATCH (:WebPage {url: $url})-[:HAS_ELEMENT]->(b:WebElement {kind: 'button'})"
        "-[:NAVIGATES_TO]->(t:WebPage) RETURN b.name AS button, t.url AS target ORDER BY button",
        url=site.url("form.html"),
    )
    assert [(row["button"], row["target"]) for row in submits] == [
        ("Search", site.url("results.html")),
        ("Send message", site.url("form.html")),
    ]


def test_containers_hold_their_parts(site: Loaded, session_graph: Graph) -> None:
    rows = session_graph.read_text(
        "MATCH (:WebPage {url: $url})-[:HAS_ELEMENT]->(c:WebElement)-[:CONTAINS]->(e) "
        "RETURN c.kind AS container, c.name AS name, collect(e.kind + ':' + e.name) AS parts",
        url=site.url("widgets.html"),
    )
    parts = {(row["container"], row["name"]): sorted(row["parts"]) for row in rows}
    assert parts[("dialog", "Help")] == ["button:Close", "heading:Help", "text:"]
    assert parts[("nav", "Main")] == ["link:Catalog", "link:Home"]
    assert parts[("nav", "")] == ["link:Catalog", "link:Contact"]


def test_hidden_elements_are_kept_but_not_marked(site: Loaded, session_graph: Graph) -> None:
    rows = session_graph.read_text(
        "MATCH (:WebPage {url: $url})-[:HAS_ELEMENT]->(e:WebElement) "
        "RETURN e.name AS name, e.kind AS kind, e.visible AS visible, e.som AS som, "
        "e.selector AS selector, e.xpath AS xpath, e.bbox AS bbox",
        url=site.url("widgets.html"),
    )
    by_name = {(row["kind"], row["name"]): row for row in rows}
    assert by_name[("button", "Close")]["visible"] is False
    assert by_name[("button", "Close")]["som"] is None
    assert by_name[("dialog", "Help")]["visible"] is False
    marks = sorted(row["som"] for row in rows if row["som"] is not None)
    assert marks == list(range(1, len(marks) + 1))
    assert {row["name"] for row in rows if row["som"]} == {
        "Home",
        "Catalog",
        "Open help",
        "Notify me",
        "Broken modal",
        "Account",
    }
    assert all(len(row["bbox"]) == 4 for row in rows)
    selectors = {row["selector"]: row["xpath"] for row in rows}
    assert None not in selectors
    resolved = selectors_resolve(site.base, site.url("widgets.html"), selectors)
    assert set(resolved.values()) == {1}, resolved


def test_screenshots_and_marks_are_saved(site: Loaded, session_graph: Graph) -> None:
    rows = session_graph.read_text(
        "MATCH (:WebSite {id: $site})-[:HAS_PAGE]->(p:WebPage) "
        "RETURN p.screenshot AS plain, p.som_screenshot AS marked",
        site=site.summary.site_id,
    )
    assert len(rows) == 5
    for row in rows:
        with Image.open(row["plain"]) as plain, Image.open(row["marked"]) as marked:
            assert plain.size == marked.size and plain.size[0] == 1280
            assert plain.convert("RGB").tobytes() != marked.convert("RGB").tobytes()
        assert Path(row["plain"]).parent.name == site.base.split("//")[1].strip("/").replace(
            ":", "_"
        )


def test_every_node_names_the_crawl_as_source(site: Loaded, session_graph: Graph) -> None:
    rows = session_graph.read_text(
        "MATCH (n) WHERE NOT n:Source RETURN n.source AS source, count(*) AS count"
    )
    assert [row["source"] for row in rows] == [site.summary.source_id]
    source = session_graph.read_text(
        "MATCH (s:Source {id: $id}) RETURN s.kind AS kind, s.uri AS uri", id=site.summary.source_id
    )
    assert source == [{"kind": "web", "uri": site.url()}]


def test_loading_again_through_the_cli_changes_nothing(
    site: Loaded, session_graph: Graph, server_env: dict[str, str]
) -> None:
    result = CliRunner().invoke(
        web,
        [site.base, "--max-depth", "3", "--timeout", str(TIMEOUT), "--delay", "0", "--json"],
        env=server_env,
    )
    assert result.exit_code == 0, result.output
    payload = json.loads(result.output)
    assert payload["pages"] == 5
    assert payload["elements"] == sum(site.summary.elements_by_kind.values())
    assert payload["edges_by_type"] == site.summary.edges_by_type
    interactions = {
        name: (counts["count"], counts["observed"])
        for name, counts in payload["edges_by_type"].items()
        if counts["observed"] is not None
    }
    assert interactions == {
        "FILLS": (7, 7),
        "SUBMITS": (3, 3),
        "OPENS": (3, 2),
        "FILTERS": (2, 2),
        "TRIGGERS": (2, 2),
    }
    assert payload["edges_by_type"]["HAS_PAGE"] == {"count": 5, "observed": None}
    assert {f["input"]: f["reason"] for f in payload["failed"]}[site.url("missing.html")] == (
        "HTTP 404 File not found"
    )
    assert graph_counts(session_graph) == site.counts


def test_the_cli_prints_a_table_and_fails_clearly_without_pages(
    site: Loaded, session_graph: Graph, server_env: dict[str, str]
) -> None:
    arguments = ["load", "web", site.base, "--max-pages", "1", "--delay", "0"]
    table = CliRunner().invoke(cli, arguments, env=server_env)
    assert table.exit_code == 0, table.output
    assert "Elements by kind" in table.output and "Fixture Shop" in table.output
    assert "1 pages, 20 elements" in table.output
    nowhere = f"http://127.0.0.1:{free_port()}/"
    failed = CliRunner().invoke(cli, ["load", "web", nowhere, "--delay", "0"], env=server_env)
    assert failed.exit_code == 1
    one_line = " ".join(failed.output.split())
    assert f"Error: Nothing loaded: none of the 1 pages loaded ({nowhere}:" in one_line
    assert "ERR_CONNECTION_REFUSED" in one_line
    assert graph_counts(session_graph) == site.counts
