"""Three tiny Wikipedia-like sites for the multihop tests, served on 127.0.0.1 at once and
crawled by real Chromium: an encyclopedia (Coastpedia), a travel guide (Coastvoyage) and
an archive, whose article links carry the target article's heading as their text and
point across sites with absolute URLs (``{{site}}`` in the fixture files is replaced by
the other site's base URL once its server has a port)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path

from taskspace.graph.connection import Graph
from taskspace.sources.web.crawl import CrawlOptions
from taskspace.sources.web.loader import WebLoadReport, load_web
from tests.support.locations import TESTS
from tests.support.web import empty_graph, serve_folder

WIKI_SITES = TESTS / "fixtures" / "multihop_wiki"
NAMES = ("wiki", "voyage", "archive")
OPTIONS = CrawlOptions(max_depth=3, delay=0, probe=False)

# Every page by site and path: its main heading (h1) and first section (first h2).
PAGES: dict[tuple[str, str], tuple[str, str]] = {
    ("wiki", "/"): ("Coastpedia", "Featured today"),
    ("wiki", "/harbour_town.html"): ("Harbour Town", "Geography"),
    ("wiki", "/lighthouse.html"): ("Old Lighthouse", "Construction"),
    ("wiki", "/fishing.html"): ("Herring fishing", "Fleet"),
    ("voyage", "/"): ("Coastvoyage", "Destinations"),
    ("voyage", "/north_coast.html"): ("North Coast", "Getting there"),
    ("voyage", "/ferry.html"): ("Island ferry", "Timetable"),
    ("archive", "/"): ("Harbour Archive", "Collections"),
    ("archive", "/keeper.html"): ("Keeper's log", "Storm entries"),
    ("archive", "/charts.html"): ("Sea charts", "Surveys"),
}
CROSS_LINKS = 12
"""Links from one site to a page of another, counted by hand in the fixture files: the
encyclopedia's four "Coastvoyage" nav links and three article links, two of the travel
guide's, three of the archive's."""


@dataclass
class WikiSites:
    graph: Graph
    bases: dict[str, str]
    loads: list[WebLoadReport]

    def page(self, url: str) -> tuple[str, str]:
        """(heading, first section) of a crawled page URL."""
        for name, base in self.bases.items():
            if url.startswith(base):
                path = "/" + url[len(base) :].lstrip("/")
                return PAGES[(name, path)]
        raise KeyError(url)

    def site_of(self, url: str) -> str:
        return next(name for name, base in self.bases.items() if url.startswith(base))


def _render(source: Path, target: Path, bases: dict[str, str]) -> None:
    shutil.copytree(source, target, dirs_exist_ok=True)
    for page in target.glob("*.html"):
        text = page.read_text(encoding="utf-8")
        for name, base in bases.items():
            text = text.replace("{{" + name + "}}", base)
        page.write_text(text, encoding="utf-8")


@contextmanager
def served_wiki_sites(root: Path) -> Iterator[dict[str, str]]:
    """The three sites served at once from copies under ``root``: {name: base URL}."""
    with ExitStack() as stack:
        folders = {name: root / name for name in NAMES}
        for folder in folders.values():
            folder.mkdir(parents=True, exist_ok=True)
        bases = {
            name: stack.enter_context(serve_folder(folder)).rstrip("/")
            for name, folder in folders.items()
        }
        for name, folder in folders.items():
            _render(WIKI_SITES / name, folder, bases)
        yield bases


def crawl_wiki_sites(graph: Graph, root: Path, home: Path) -> WikiSites:
    """An empty graph with the three sites crawled into it."""
    empty_graph(graph)
    with served_wiki_sites(root) as bases:
        # named: three sites served on one host are three sites, whatever their ports
        loads = [load_web(graph, bases[name] + "/", OPTIONS, home, site=name) for name in NAMES]
    for load in loads:
        assert load.pages, load.failed
    return WikiSites(graph, bases, loads)


RAY_CHARLES = TESTS / "fixtures" / "multihop_raycharles"
"""Real saved Wikipedia articles about Ray Charles from two Kiwix ZIM files (2015 full
articles, 2020 "mini" lead sections), served as two sites by http.server: neither has an
index.html at its root, so each root is a directory listing, and the 2015 site's A/ opens
its "Summary" index of links (tests/fixtures/SOURCES.md)."""


@dataclass
class RaySites:
    graph: Graph
    bases: dict[str, str]
    loads: list[WebLoadReport]

    def url(self, site: str, path: str) -> str:
        return self.bases[site] + path


def crawl_ray_charles(graph: Graph, home: Path) -> RaySites:
    """An empty graph with both Ray Charles sites crawled into it (one at a time), each
    under its name: two sites on one host."""
    empty_graph(graph)
    bases, loads = {}, []
    for name in ("wiki2015", "wiki2020"):
        with serve_folder(RAY_CHARLES / name) as base:
            loads.append(load_web(graph, base, OPTIONS, home, site=name))
        bases[name] = base.rstrip("/")
    for load in loads:
        assert load.pages, load.failed
    return RaySites(graph, bases, loads)
