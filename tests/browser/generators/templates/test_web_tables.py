"""Layout tables against content tables, on pages of the real Apache HTTP Server manual.

tests/fixtures/web/httpd_manual holds four pages of the manual as built in apache/httpd
(see tests/fixtures/SOURCES.md): the home page, whose whole body is one table of link
lists (a layout grid), the directive quick reference, whose letter bar is a table holding
two small legend tables, a CGI how-to with a "Related Modules / Related Directives" box
(a table of links under a header row), the common MPM directives, whose directive
tables (Description, Syntax, Default …) are content and stand beside a sidebar with a
"See also" heading, and core's Mutex directive, whose table of mutex names follows a
warning box. Sampled from that crawl before layout tables were told apart, content
browsing asked under which heading the home page's link grid or the related-links box
appears, answered "See also" for a directive table, and asked for the heading of the
module's summary table, which is the page's own title again.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from taskspace.generators.templates.engine import run_template_query
from taskspace.generators.templates.sampler import sample_tasks
from taskspace.generators.templates.templates import TemplateSpec, load_templates
from taskspace.graph.connection import Graph
from tests.support.locations import TESTS
from tests.support.web import chromium_missing, crawl_folder

pytestmark = pytest.mark.skipif(chromium_missing() is not None, reason=str(chromium_missing()))

HTTPD = TESTS / "fixtures" / "web" / "httpd_manual"


@dataclass
class Manual:
    graph: Graph
    base: str

    def tables(self, path: str) -> list[dict[str, Any]]:
        """The table elements of one page, in reading order, with what the crawl judged."""
        return self.graph.read_text(
            "MATCH (:WebPage {url: $url})-[:HAS_ELEMENT]->(t:WebElement {kind: 'table'}) "
            "RETURN t.selector AS selector, t.text AS text, t.layout AS layout, "
            "t.layout_reason AS reason, t.header AS header, t.link_share AS link_share "
            "ORDER BY t.dom_order",
            url=self.base + path,
        )


def content_browsing() -> TemplateSpec:
    return next(spec for spec in load_templates("web") if spec.name == "content_browsing")


@pytest.fixture(scope="module")
def manual(session_graph: Graph, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Manual]:
    base, _ = crawl_folder(session_graph, HTTPD, tmp_path_factory.mktemp("httpd-home"))
    yield Manual(session_graph, base)


def test_the_home_pages_link_grid_is_a_layout_table(manual: Manual) -> None:
    [grid] = manual.tables("/")
    assert grid["selector"] == "#indextable"
    assert grid["layout"] is True
    assert grid["reason"] == "a single row: a bar, not a table"
    assert grid["header"] is False and grid["link_share"] > 0.9


def test_a_box_of_related_links_under_a_header_row_is_a_layout_table(manual: Manual) -> None:
    [related] = manual.tables("/howto/cgi.html")
    assert related["text"].startswith("Related Modules Related Directives mod_alias")
    assert related["header"] is True and related["link_share"] == 1.0
    assert related["layout"] is True
    assert related["reason"] == "100% of the table's text is link text"


def test_a_letter_bar_holding_legend_tables_is_layout_and_its_data_tables_content(
    manual: Manual,
) -> None:
    legend, contexts, statuses, directives = manual.tables("/mod/quickreference.html")
    assert legend["selector"] == "#legend" and legend["layout"] is True
    assert legend["reason"] == "holds tables of its own (a layout grid)"
    assert contexts["text"].startswith("s server config v virtual host")
    assert statuses["text"].startswith("C Core M MPM")
    assert directives["text"].startswith("AcceptErrorsNonFatal ON s M")
    assert [t["layout"] for t in (contexts, statuses, directives)] == [False, False, False]


def test_directive_tables_are_content_tables_with_row_headers(manual: Manual) -> None:
    tables = manual.tables("/mod/mpm_common.html")
    assert [t["text"].split(" Syntax:")[0] for t in tables] == [
        "Description: A collection of directives that are implemented by more than one"
        " multi-processing module (MPM) Status: MPM",
        "Description: Treat some errors accepting a new connection as non-fatal to the"
        " httpd process.",
        "Description: Directory where Apache HTTP Server attempts to switch before dumping core",
        "Description: Enables a hook that runs exception handlers after a crash",
    ]
    assert all(t["layout"] is False and t["header"] is True for t in tables)


def rows_over_seeds(graph: Graph, seeds: range) -> list[dict[str, Any]]:
    spec = content_browsing()
    return [row for seed in seeds for row in run_template_query(graph, spec, seed=seed)]


SECTIONS = {
    "Description: Treat some errors accepting a new connection": "AcceptErrorsNonFatal Directive",
    "Description: Directory where Apache HTTP Server attempts to": "CoreDumpDirectory Directive",
    "Description: Enables a hook that runs exception handlers": "EnableExceptionHook Directive",
    "Description: Directory that forms the main document tree": "DocumentRoot Directive",
    "Description: Configures mutex mechanism and lock file directory": "Mutex Directive",
}
"""The content tables of the fixture that sit in a section of their own, by their first
eight words, and that section's heading, read off mod/mpm_common.html and mod/core.html
by hand. The module's summary table and the quick reference's tables stand under their
page's main heading, which restates the page the prompt names, so they are not asked
about; nor is core's table of mutex names, which follows a "Security" warning box: the
last heading before it is the box's title, not its section's."""


def test_content_browsing_asks_about_content_tables_under_their_own_section(
    manual: Manual,
) -> None:
    rows = rows_over_seeds(manual.graph, range(4))
    asked = {row["table_start"]: row["heading"] for row in rows}
    # CoreDumpDirectory's table stands level with the sidebar's "See also" heading: the
    # heading nearest above it on screen, but not the heading of its section.
    assert asked == SECTIONS
    mutex_names = [t for t in manual.tables("/mod/core.html") if t["text"].startswith("Mutex")]
    assert mutex_names and mutex_names[0]["layout"] is False


def test_the_layout_table_lint_drops_what_a_graph_without_the_judgement_lets_through(
    manual: Manual,
) -> None:
    """A graph crawled before tables were judged has no `layout` on its tables: the
    template's filter lets the link grid and the related-links box through, and the
    lint, reading the header flag and the link text the graph holds, drops them."""
    graph = manual.graph
    saved = graph.read_text(
        "MATCH (t:WebElement {kind: 'table'}) "
        "RETURN t.id AS id, t.layout AS layout, t.header AS header, t.link_share AS share"
    )
    graph.write_text("MATCH (t:WebElement {kind: 'table'}) REMOVE t.layout, t.header, t.link_share")
    try:
        rows = rows_over_seeds(graph, range(4))
        assert [r for r in rows if r["table_text"].startswith(("Release Notes", "Related"))]
        report = sample_tasks(graph, "web", count=20, seed=0, templates=[content_browsing()])
    finally:
        graph.write_text(
            "UNWIND $saved AS s MATCH (t:WebElement {id: s.id}) "
            "SET t.layout = s.layout, t.header = s.header, t.link_share = s.share",
            saved=saved,
        )
    assert report.lints.get("layout_table", 0) > 0
    assert report.tasks
    assert not [t for t in report.tasks if "Release Notes" in t.prompt or "Related" in t.prompt]
