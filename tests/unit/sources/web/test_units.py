"""The crawler's pure parts: URL normalisation, Set-of-Marks numbering and drawing,
declared interaction edges, and the options a user can get wrong."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from PIL import Image

from taskspace.cli.load_web import web
from taskspace.cli.main import cli
from taskspace.graph.ids import stable_id
from taskspace.sources.web.browser import foreign_requests, origin_context
from taskspace.sources.web.crawl import CrawlOptions, followable
from taskspace.sources.web.errors import BrowserUnavailableError
from taskspace.sources.web.extract import Element, PageContent, Target, assign_marks
from taskspace.sources.web.graph_rows import element_id, page_id, target_url
from taskspace.sources.web.interactions import combine, declared
from taskspace.sources.web.som import draw_marks, site_folder
from taskspace.sources.web.urls import (
    normalise_url,
    origin_of,
    same_page,
    site_path,
    without_query,
)


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("http://Example.ORG:80/a/index.html#x", "http://example.org/a"),
        ("http://example.org/a/", "http://example.org/a"),
        ("http://example.org/a", "http://example.org/a"),
        ("http://example.org", "http://example.org/"),
        ("http://example.org/index.html", "http://example.org/"),
        ("https://example.org:443/b/?z=1&a=2", "https://example.org/b?a=2&z=1"),
        ("http://127.0.0.1:8000/Docs/Page.html", "http://127.0.0.1:8000/Docs/Page.html"),
    ],
)
def test_normalise_url_gives_one_form_per_page(raw: str, expected: str) -> None:
    assert normalise_url(raw) == expected


def test_an_origin_is_spelt_as_its_pages_are() -> None:
    """The crawl's fence, the origin map and page ids agree on where a site is: an explicit
    default port, upper-case host or user info do not make another origin."""
    start = "HTTPS://user@Example.ORG:443/docs/"
    assert origin_of(start) == "https://example.org"
    assert origin_of(normalise_url(start)) == origin_of(start)
    assert followable("https://example.org/a", origin_of(start))
    assert not foreign_requests(origin_of(start)).search("https://example.org/css/x.css")
    assert origin_of("http://[::1]:8000/a") == "http://[::1]:8000"
    assert normalise_url("http://[::1]:8000/a/") == "http://[::1]:8000/a"


def test_one_page_whatever_the_spelling_of_its_address() -> None:
    assert same_page("http://example.org:80/a/index.html#top", "http://Example.org/a/")
    assert not same_page("http://example.org/a?q=1", "http://example.org/a?q=2")
    assert without_query("http://example.org/search/?q=1#r") == "http://example.org/search"


def test_relative_links_resolve_against_the_page() -> None:
    base = "http://127.0.0.1:8000/user-guide/cli/"
    assert (
        normalise_url("../installation/", base) == "http://127.0.0.1:8000/user-guide/installation"
    )
    assert normalise_url("#top", base) == "http://127.0.0.1:8000/user-guide/cli"
    assert page_id("docs", normalise_url("../", base)) == stable_id("page", "docs", "/user-guide")
    # the same site on another port or host: the same page, the same id
    assert site_path("https://docs.example:9443/user-guide/?b=2&a=1#x") == "/user-guide?a=1&b=2"
    assert page_id("docs", "http://localhost:9000/user-guide/") == page_id(
        "docs", normalise_url("../", base)
    )
    assert site_path("http://127.0.0.1:8000") == "/"


def test_only_same_origin_http_links_are_followed() -> None:
    origin = "http://127.0.0.1:8000"
    assert followable("http://127.0.0.1:8000/a", origin)
    assert not followable("http://127.0.0.1:8001/a", origin)
    assert not followable("https://example.org/", origin)
    assert not followable("mailto:someone@example.org", origin)
    assert not followable(None, origin)


def test_the_fence_matches_every_foreign_url_and_no_own_one() -> None:
    fence = foreign_requests("http://127.0.0.1:8000")
    assert fence.search("https://cdnjs.cloudflare.com/x.js")
    assert fence.search("http://127.0.0.1:80001/x")
    assert fence.search("http://127.0.0.1:8000.evil.org/x")
    assert not fence.search("http://127.0.0.1:8000/css/base.css")


def _element(kind: str, xpath: str, bbox: list[int], **extra: Any) -> Element:
    plain = Element(kind, "a", "", xpath, "", xpath, None, bbox, visible=True, enabled=True)
    return replace(plain, **extra)


def test_marks_number_visible_interactive_elements_in_reading_order() -> None:
    elements = [
        _element("link", "/b", [300, 12, 50, 20]),
        _element("button", "/a", [10, 10, 50, 20]),
        _element("heading", "/h", [10, 0, 500, 30]),
        _element("input", "/c", [10, 100, 50, 20]),
        _element("link", "/hidden", [0, 0, 0, 0], visible=False),
    ]
    assign_marks(elements)
    marks = {e.xpath: e.som for e in elements}
    assert marks == {"/a": 1, "/b": 2, "/c": 3, "/h": None, "/hidden": None}


def test_marks_are_drawn_over_the_screenshot(tmp_path: Path) -> None:
    plain = tmp_path / "p.png"
    Image.new("RGB", (200, 100), "white").save(plain)
    elements = [_element("button", "/a", [20, 30, 60, 20], som=1)]
    drawn = draw_marks(plain, tmp_path / "p.som.png", elements)
    with Image.open(tmp_path / "p.som.png") as marked:
        assert drawn == 1 and marked.size == (200, 100)
        assert marked.convert("RGB").getpixel((20, 40)) != (255, 255, 255)
        assert marked.convert("RGB").getpixel((150, 80)) == (255, 255, 255)


def test_declared_edges_follow_markup_and_observation_marks_them() -> None:
    form = _element("form", "/form", [0, 0, 10, 10])
    field = _element("search_box", "/form/input", [0, 0, 10, 10], form="/form")
    submit = _element("button", "/form/button", [0, 0, 10, 10], form="/form", submit=True)
    dialog = _element("dialog", "/dialog", [0, 0, 0, 0], visible=False)
    toggle = _element("link", "/toggle", [0, 0, 10, 10], targets=[Target("/dialog", "data-target")])
    page = PageContent("t", "", "h", [form, field, submit, dialog, toggle])
    edges = declared(page)
    assert edges == {
        ("FILLS", "/form/input", "/form"): "form",
        ("SUBMITS", "/form/button", "/form"): "form",
        ("OPENS", "/toggle", "/dialog"): "data-target",
    }
    combined = {
        (e.type, e.source, e.observed, e.via)
        for e in combine(
            edges,
            {
                ("FILLS", "/form/input", "/form"),
                ("TRIGGERS", "/form/button", "/toast"),
            },
        )
    }
    assert ("FILLS", "/form/input", True, "form") in combined
    assert ("OPENS", "/toggle", False, "data-target") in combined
    assert ("TRIGGERS", "/form/button", True, "probe") in combined


def test_links_and_submits_name_their_target_page() -> None:
    origin = "http://127.0.0.1:8000"
    link = _element("link", "/a", [0, 0, 1, 1], href=f"{origin}/x/", raw_href="x/")
    anchor = _element("link", "/b", [0, 0, 1, 1], href=f"{origin}/#top", raw_href="#top")
    outside = _element("link", "/c", [0, 0, 1, 1], href="https://example.org/", raw_href="x")
    submit = _element("button", "/d", [0, 0, 1, 1], submit=True, action=f"{origin}/r.html")
    assert target_url(link, origin) == f"{origin}/x"
    assert target_url(anchor, origin) is None
    assert target_url(outside, origin) is None
    assert target_url(submit, origin) == f"{origin}/r.html"
    assert element_id(origin, f"{origin}/x", "/a") == stable_id("el", origin, "/x", "/a")


def test_screenshots_go_to_one_folder_per_site(tmp_path: Path) -> None:
    folder = site_folder(tmp_path, "http://127.0.0.1:8000")
    assert folder == tmp_path / "screenshots" / "127.0.0.1_8000"


def test_bad_options_are_refused() -> None:
    with pytest.raises(ValueError, match="max_pages"):
        CrawlOptions(max_pages=0)
    with pytest.raises(ValueError, match="timeout"):
        CrawlOptions(timeout=0)
    result = CliRunner().invoke(web, ["http://127.0.0.1:1/", "--max-pages", "0"])
    assert result.exit_code == 2 and "--max-pages" in result.output
    result = CliRunner().invoke(cli, ["load", "web", "ftp://example.org/"])
    assert result.exit_code == 1
    assert "Error: cannot crawl 'ftp://example.org/': give an http:// or https:// URL" in (
        result.output
    )


def test_missing_chromium_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TASKSPACE_CHROMIUM", str(tmp_path / "no-chromium"))
    with (
        pytest.raises(BrowserUnavailableError, match="apt-get install -y chromium"),
        origin_context("http://127.0.0.1:8000"),
    ):
        pass
