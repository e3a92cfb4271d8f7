"""``kg load web``: crawl a site and write it into the graph.

Pages are written in batches of a few thousand elements as the crawl goes, so a long
crawl keeps what it has done if it is stopped. Navigation edges are resolved at
the end, in Cypher, because a link may point at a page the crawl reaches later.
"""

from __future__ import annotations

import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Page

from taskspace.core.progress import QUIET, Progress
from taskspace.graph.connection import Graph
from taskspace.graph.load_report import Failure, LoadReport
from taskspace.graph.provenance import complete_source, record_source, source_id
from taskspace.graph.writer import BatchedWriter
from taskspace.sources.web.browser import origin_context
from taskspace.sources.web.crawl import CrawlOptions, FailedPage, FetchedPage, crawl
from taskspace.sources.web.element_vectors import ElementVectors, embed_site_elements
from taskspace.sources.web.errors import CrawlError
from taskspace.sources.web.graph_rows import PageRows, Row, page_id, page_rows, site_id, site_row
from taskspace.sources.web.headings import count_heading_pages
from taskspace.sources.web.interactions import (
    INTERACTION_TYPES,
    ProbePool,
    combine,
    declared,
    probe,
)
from taskspace.sources.web.som import capture, site_folder
from taskspace.sources.web.urls import normalise_url, origin_of, site_key

FLUSH_ELEMENTS = 2000
"""Pages are written once this many of their elements are waiting: few, large batches."""


@dataclass
class LoadedPage:
    url: str
    title: str
    depth: int
    elements: int


@dataclass(kw_only=True)
class WebLoadReport(LoadReport):
    """What a crawl put into the graph: the shared counts (its inputs are pages, named by
    URL), the pages with their titles, and elements and edges counted from the graph."""

    start_url: str
    site_id: str
    source_id: str
    site_key: str = ""
    origin: str = ""
    earlier_origins: list[str] = field(default_factory=list)
    """Other origins this site's key was crawled from before: the crawl joined that site."""
    named: bool = False
    """The key was given with ``--site`` (else derived from the start URL)."""
    pages: list[LoadedPage] = field(default_factory=list)
    failed_depths: dict[str, int] = field(default_factory=dict)
    """The crawl depth of each failed page."""
    unvisited: int = 0
    """Same-origin pages linked but not loaded: the page or depth limit was reached."""
    assets: list[str] = field(default_factory=list)
    """Linked URLs skipped as assets (favicon, images, fonts, stylesheets, PDFs …)."""
    elements_by_kind: dict[str, int] = field(default_factory=dict)
    embedded: int = 0
    """Distinct texts of anchor elements the model embedded (element_vectors.py)."""
    embed_seconds: float = 0.0
    edges_by_type: dict[str, dict[str, int | None]] = field(default_factory=dict)

    def add_page(self, page: LoadedPage) -> None:
        self.pages.append(page)
        self.loaded.append(page.url)

    def add_failure(self, failure: FailedPage) -> None:
        self.fail(failure.url, failure.reason)
        self.failed_depths[failure.url] = failure.depth

    @property
    def same_site_note(self) -> str | None:
        """The one line that says an unnamed crawl joined a site crawled from elsewhere."""
        if not self.earlier_origins or self.named:
            return None
        return (
            f"Site key {self.site_key} was loaded before from "
            f"{', '.join(self.earlier_origins)}; {self.origin} is taken as the same site "
            "(same page ids). Give --site NAME to keep two sites apart."
        )

    def failure_entry(self, failure: Failure) -> dict[str, Any]:
        return {**super().failure_entry(failure), "depth": self.failed_depths.get(failure.input)}

    def as_dict(self) -> dict[str, Any]:
        return {
            **super().as_dict(),
            "start_url": self.start_url,
            "site_id": self.site_id,
            "source_id": self.source_id,
            "site_key": self.site_key,
            "origin": self.origin,
            "earlier_origins": self.earlier_origins,
            "same_site_note": self.same_site_note,
            "pages": len(self.pages),
            "elements": sum(self.elements_by_kind.values()),
            "elements_by_kind": self.elements_by_kind,
            "edges_by_type": self.edges_by_type,
            "embedded_texts": self.embedded,
            "embed_seconds": self.embed_seconds,
            "unvisited": self.unvisited,
            "assets_skipped": self.assets,
            "page_details": [vars(page) for page in self.pages],
        }


def check_start_url(url: str) -> str:
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise CrawlError(f"cannot crawl {url!r}: give an http:// or https:// URL")
    return normalise_url(url)


def load_web(
    graph: Graph,
    start_url: str,
    options: CrawlOptions,
    home: Path,
    progress: Progress = QUIET,
    site: str | None = None,
) -> WebLoadReport:
    """Crawl ``start_url``'s origin and write pages, elements and edges; idempotent.

    ``site`` names the site: ids are made from it and each page's path, so the same site
    served elsewhere (another port or host) gets the same ids. Unnamed, a site is keyed by
    its host and the start URL's directory (:func:`site_key`): another port is the same
    site, and a key crawled before from another origin is joined, with a note
    (``same_site_note``), its origins all kept on the :WebSite.

    ``progress`` counts loaded pages up to ``max_pages`` and names the page just done."""
    started = time.monotonic()
    start = check_start_url(start_url)
    origin = origin_of(start)
    key = site or site_key(start_url)
    source = source_id("web", start)  # this crawl of this URL: provenance, not identity
    writer = BatchedWriter(graph)
    vectors = ElementVectors()
    summary = WebLoadReport(
        start_url=start, site_id=site_id(key), source_id=source, site_key=key, origin=origin
    )
    summary.named = site is not None
    earlier = _earlier_origins(graph, summary.site_id)
    summary.earlier_origins = [other for other in earlier if other != origin]
    origins = sorted({*earlier, origin})
    folder = site_folder(home, origin)
    progress.start("Crawling", options.max_pages)

    with origin_context(origin) as context:
        pool = ProbePool(context, options.timeout)
        buffer: list[PageRows] = []

        def on_page(page: Page, fetched: FetchedPage) -> None:
            rows = _read_page(pool, page, fetched, options, folder, (key, origin), source)
            if not summary.pages:  # a crawl that loads nothing leaves no trace
                record_source(graph, "web", start)
                summary.add_write(
                    writer.merge_nodes(["WebSite"], [site_row(key, origin, source, origins)])
                )
            buffer.append(rows)
            if sum(len(r.elements) for r in buffer) >= FLUSH_ELEMENTS:
                _write_pages(writer, summary, buffer, vectors)
                buffer.clear()
            name = str(rows.page["props"]["name"])
            summary.add_page(LoadedPage(fetched.url, name, fetched.depth, len(rows.elements)))
            progress.advance()
            progress.describe(f"loaded: {fetched.url}")

        def on_failure(failure: FailedPage) -> None:
            progress.describe(f"{failure.reason}: {failure.url}")

        try:
            report = crawl(context, start_url, options, on_page, on_failure)
        finally:
            pool.close()
            _write_pages(writer, summary, buffer, vectors)  # also what a failed crawl read

    for failure in report.failed:
        summary.add_failure(failure)
    summary.unvisited = report.unvisited
    summary.assets = report.assets
    if summary.pages:
        resolved = graph.write_text(
            graph.queries.text("web/resolve_navigation"),
            site=summary.site_id,
            aliases=report.aliases,
        )
        summary.relationships_created += resolved.counters.relationships_created
        graph.write_text(
            graph.queries.text("web/site_coverage"),
            site=summary.site_id,
            unvisited=report.unvisited,
        )
        count_heading_pages(graph, writer, summary.site_id)
        embed_site_elements(graph, writer, summary.site_id, vectors)
        _count(graph, summary, key)
        complete_source(graph, source)
    summary.embedded, summary.embed_seconds = vectors.texts, round(vectors.seconds, 2)
    summary.seconds = round(time.monotonic() - started, 2)
    return summary


def _earlier_origins(graph: Graph, site: str) -> list[str]:
    rows = graph.read("web/site_origins", site=site)
    return [str(origin) for origin in rows[0]["origins"]] if rows else []


def _read_page(
    pool: ProbePool,
    page: Page,
    fetched: FetchedPage,
    options: CrawlOptions,
    folder: Path,
    site: tuple[str, str],
    source: str,
) -> PageRows:
    """Screenshots, probes and rows for one live page of ``site`` (key, origin)."""
    key, origin = site
    content = fetched.content
    stem = page_id(key, fetched.url).split(":", 1)[1]
    shots = capture(page, folder, stem, content.elements)
    seen = probe(pool, fetched.final_url, content) if options.probe else set()
    edges = combine(declared(content), seen)
    return page_rows(fetched, shots, edges, origin, source, key)


def _write_pages(
    writer: BatchedWriter, report: WebLoadReport, pages: list[PageRows], vectors: ElementVectors
) -> None:
    """Write buffered pages in a few large batches rather than many small transactions,
    their anchor elements with vectors."""
    if not pages:
        return
    vectors.attach(row for r in pages for row in r.elements)
    report.add_write(writer.merge_nodes(["WebPage"], [rows.page for rows in pages]))
    has_page = [{"start": report.site_id, "end": rows.page["id"], "props": {}} for rows in pages]
    report.add_write(writer.merge_relationships("HAS_PAGE", "WebSite", "WebPage", has_page))
    writer.write_named(
        "web/prune_page_elements",
        [{"page": r.page["id"], "keep": [e["id"] for e in r.elements]} for r in pages],
    )
    report.add_write(writer.merge_nodes(["WebElement"], [row for r in pages for row in r.elements]))
    relationships: dict[str, list[Row]] = defaultdict(list)
    for rows in pages:
        relationships["HAS_ELEMENT"] += rows.has_element
        relationships["CONTAINS"] += rows.contains
        for rel_type, edge_rows in rows.interactions.items():
            relationships[rel_type] += edge_rows
    for rel_type, edge_rows in sorted(relationships.items()):
        start = "WebPage" if rel_type == "HAS_ELEMENT" else "WebElement"
        report.add_write(writer.merge_relationships(rel_type, start, "WebElement", edge_rows))


def _count(graph: Graph, summary: WebLoadReport, site: str) -> None:
    """Elements and edges of the pages this crawl loaded, read back from the graph."""
    pages = [page_id(site, page.url) for page in summary.pages]
    summary.elements_by_kind = {
        row["kind"]: row["count"] for row in graph.read("web/elements_by_kind", pages=pages)
    }
    rows = graph.read("web/edges_by_type", site=summary.site_id, pages=pages)
    summary.edges_by_type = {
        row["type"]: {
            "count": row["count"],
            "observed": row["observed"] if row["type"] in INTERACTION_TYPES else None,
        }
        for row in sorted(rows, key=lambda row: str(row["type"]))
        if row["count"]
    }
