"""A real HTTP server on 127.0.0.1 serving a folder from a thread, for crawler tests.

Directory URLs resolve ``index.html`` (http.server does that itself). Paths listed in
``slow`` are answered only after the given delay, which is how a test makes a page time
out without faking the browser.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from threading import Thread
from typing import Any, ClassVar
from urllib.parse import urlsplit

from taskspace.graph.connection import Graph
from taskspace.sources.web.browser import chromium_path, origin_context
from taskspace.sources.web.crawl import CrawlOptions
from taskspace.sources.web.loader import WebLoadReport, load_web
from taskspace.sources.web.urls import origin_of
from tests.support import SHARED_DATA
from tests.support.locations import TESTS

FIXTURE_SITE = TESTS / "fixtures" / "web" / "site"
MKDOCS = SHARED_DATA / "web" / "mkdocs_org_site"


def chromium_missing() -> str | None:
    """The reason to skip browser tests, or None when Chromium is installed."""
    path = chromium_path()
    return None if path.exists() else f"Chromium is not installed at {path}"


class _Handler(SimpleHTTPRequestHandler):
    slow: ClassVar[dict[str, float]] = {}
    redirects: ClassVar[dict[str, str]] = {}
    posts: ClassVar[list[str]] = []

    def do_GET(self) -> None:
        path = urlsplit(self.path).path
        if path in self.redirects:
            self.send_response(301)
            self.send_header("Location", self.redirects[path])
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        delay = self.slow.get(path)
        if delay:
            time.sleep(delay)
        super().do_GET()

    def do_POST(self) -> None:
        """Recorded, so a test can prove that probing a form sent nothing."""
        self.posts.append(self.path)
        self.send_error(405, "this test server takes no POST")

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the tests read outcomes from the graph, not from the access log."""


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A browser that gave up on a slow page closes the socket; that is expected."""


@contextmanager
def serve_folder(
    root: Path,
    slow: dict[str, float] | None = None,
    redirects: dict[str, str] | None = None,
    posts: list[str] | None = None,
) -> Iterator[str]:
    """Serve ``root`` on a free port; yield the base URL (``http://127.0.0.1:PORT/``).

    ``slow`` delays paths by seconds, ``redirects`` answers paths with a 301, and every
    POST's path is appended to ``posts``.
    """
    attributes = {
        "slow": dict(slow or {}),
        "redirects": dict(redirects or {}),
        "posts": posts if posts is not None else [],
    }
    handler = type("Handler", (_Handler,), attributes)
    server = _Server(("127.0.0.1", 0), partial(handler, directory=str(root)))
    thread = Thread(target=server.serve_forever, name=f"http-{root.name}", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def crawl_folder(
    graph: Graph, root: Path, home: Path, *, probe: bool = True, site: str | None = None
) -> tuple[str, WebLoadReport]:
    """Empty ``graph``, serve ``root`` on a free port and crawl it (depth 3, no delay):
    the base URL without its trailing slash (its server is gone by then) and the crawl's
    summary, which must hold pages. A ``site`` name makes the ids, and so what a seed
    samples, the same whatever port the folder was served on."""
    empty_graph(graph)
    with serve_folder(root) as base:
        options = CrawlOptions(max_depth=3, delay=0, probe=probe)
        summary = load_web(graph, base, options, home, site=site)
    assert summary.pages, summary.failed
    return base.rstrip("/"), summary


def empty_graph(graph: Graph) -> None:
    """What the per-test ``graph`` fixture does, for module-scoped fixtures that load once."""
    graph.run_autocommit("MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 10000 ROWS")


def graph_counts(graph: Graph) -> dict[str, int]:
    """Nodes and relationships in the whole graph: equal counts after a second load."""
    row = graph.read_text(
        "MATCH (n) WITH count(n) AS nodes "
        "OPTIONAL MATCH ()-[r]->() RETURN nodes, count(r) AS relationships"
    )[0]
    return {"nodes": int(row["nodes"]), "relationships": int(row["relationships"])}


def page_links(graph: Graph, url: str, name: str) -> list[str]:
    """URLs of the pages the links called ``name`` on page ``url`` navigate to."""
    rows = graph.read_text(
        "MATCH (:WebPage {url: $url})-[:HAS_ELEMENT]->(e:WebElement {kind: 'link', name: $name})"
        "-[:NAVIGATES_TO]->(t:WebPage) RETURN DISTINCT t.url AS url ORDER BY url",
        url=url,
        name=name,
    )
    return [str(row["url"]) for row in rows]


def edges(graph: Graph, rel_type: str, url: str) -> list[dict[str, Any]]:
    """Interaction edges of one type on one page, with both ends' kind, name and selector."""
    return graph.read_text(
        "MATCH (:WebPage {url: $url})-[:HAS_ELEMENT]->(a:WebElement)-[r]->(b:WebElement) "
        "WHERE type(r) = $type "
        "RETURN a.kind AS source_kind, a.name AS source, a.selector AS source_selector, "
        "b.kind AS target_kind, b.name AS target, b.selector AS target_selector, "
        "r.observed AS observed, r.via AS via ORDER BY source, target",
        url=url,
        type=rel_type,
    )


def selectors_resolve(base_url: str, url: str, selectors: dict[str, str]) -> dict[str, int]:
    """For each selector, how many elements it matches in a fresh browser (want 1 each),
    and whether that element sits at the recorded XPath (-1 when it does not)."""
    found: dict[str, int] = {}
    with origin_context(origin_of(base_url)) as context:
        page = context.new_page()
        page.goto(url)
        for selector, xpath in selectors.items():
            count = page.locator(f"css={selector}").count()
            same = page.evaluate(
                "([s, x]) => document.querySelector(s) === document.evaluate(x, document, null,"
                " XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue",
                [selector, xpath],
            )
            found[selector] = count if same else -1
    return found
