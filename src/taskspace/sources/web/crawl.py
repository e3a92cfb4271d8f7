"""Breadth-first crawl of one origin: fetching, the frontier, what failed and why.

A URL is normalised before it becomes an id (``taskspace.sources.web.urls``), so that
``/a/``, ``/a``, ``/a/index.html`` and ``/a/#top`` are one page. A page that cannot be
loaded (timeout, HTTP error, not HTML) is reported with its reason and the crawl goes on
with the rest. A link to an asset (a favicon, an image, a font, a stylesheet, a script, a
PDF …), known by its suffix or by the type it is served as, is skipped: it is not a page
that failed.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from urllib.parse import urlsplit

from playwright.sync_api import BrowserContext, Page, Response
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from taskspace.core.binary import binary_reason
from taskspace.sources.web.errors import NotAPage, PageFailure
from taskspace.sources.web.extract import PageContent, extract_page
from taskspace.sources.web.urls import normalise_url, origin_of

HTML_TYPES = ("text/html", "application/xhtml+xml")
_ASSET_SUFFIX_WORDS = """
.ico .png .jpg .jpeg .gif .svg .webp .avif .bmp .tif .tiff .woff .woff2 .ttf .otf .eot
.css .js .mjs .map .json .xml .rss .atom .pdf .zip .gz .tgz .bz2 .xz .7z .tar
.mp3 .mp4 .m4a .webm .ogg .wav .avi .mov
"""
ASSET_SUFFIXES = frozenset(_ASSET_SUFFIX_WORDS.split())
"""URL suffixes of files that are not pages: links to them are not followed."""
ASSET_TYPE_PREFIXES = ("image/", "font/", "audio/", "video/", "application/font-")
_ASSET_TYPE_WORDS = """
text/css text/javascript application/javascript application/x-javascript application/json
application/manifest+json application/xml text/xml application/rss+xml application/atom+xml
application/pdf application/zip application/gzip application/vnd.ms-fontobject
"""
ASSET_TYPES = frozenset(_ASSET_TYPE_WORDS.split())
"""Content types of assets. ``application/octet-stream`` is not one: a page served as
such is a misconfigured page, reported as "not HTML"."""


def is_asset_url(url: str) -> bool:
    """A URL whose path ends like a file that is not a page (``/img/favicon.ico``)."""
    return PurePosixPath(urlsplit(url).path).suffix.lower() in ASSET_SUFFIXES


def is_asset_type(content_type: str) -> bool:
    return content_type in ASSET_TYPES or content_type.startswith(ASSET_TYPE_PREFIXES)


@dataclass
class CrawlOptions:
    """How far and how fast to crawl; ``timeout`` and ``delay`` are in seconds."""

    max_pages: int = 50
    max_depth: int = 3
    timeout: float = 15.0
    delay: float = 0.2
    probe: bool = True

    def __post_init__(self) -> None:
        if self.max_pages < 1:
            raise ValueError("max_pages must be at least 1")
        if self.max_depth < 0:
            raise ValueError("max_depth may not be negative")
        if self.timeout <= 0:
            raise ValueError("timeout must be positive")
        if self.delay < 0:
            raise ValueError("delay may not be negative")


@dataclass
class FetchedPage:
    """A page that loaded as HTML with a success status, ready for extraction."""

    url: str
    final_url: str
    depth: int
    status: int
    content: PageContent


@dataclass
class FailedPage:
    """A page the crawl could not load, and why."""

    url: str
    depth: int
    reason: str


def followable(href: str | None, origin: str) -> bool:
    """A link the crawl may follow: http(s) and inside the crawled origin."""
    if not href:
        return False
    scheme = urlsplit(href).scheme.lower()
    return scheme in ("http", "https") and origin_of(href) == origin


def fetch(page: Page, url: str, timeout: float) -> tuple[int, str]:
    """Load ``url``; return (status, final URL) or raise PageFailure with the reason."""
    try:
        response = page.goto(url, timeout=timeout * 1000, wait_until="load")
    except PlaywrightTimeout as exc:
        raise PageFailure(f"timeout: no load within {timeout:g} s") from exc
    except PlaywrightError as exc:
        message = str(exc).strip().splitlines()[0] if str(exc).strip() else repr(exc)
        if "ERR_ABORTED" in message or "Download is starting" in message:
            # Chromium hands some types to a download instead of showing them.
            content_type = _content_type(page, url, timeout)
            if content_type and content_type not in HTML_TYPES:
                raise _not_html(content_type) from exc
        raise PageFailure(f"browser error: {message}") from exc
    if response is None:
        raise PageFailure("browser error: no response")
    if response.status >= 400:
        raise PageFailure(f"HTTP {response.status} {response.status_text}".strip())
    content_type = (response.header_value("content-type") or "").split(";")[0].strip().lower()
    if content_type and content_type not in HTML_TYPES:
        raise _not_html(content_type)
    binary = binary_reason(_body(response))
    if binary is not None:
        raise PageFailure(f"not HTML ({binary}, served as {content_type or 'no type'})")
    return response.status, page.url


def _body(response: Response) -> bytes:
    """The bytes the server sent, or none when the browser no longer has them."""
    try:
        return response.body()
    except PlaywrightError:
        return b""


def _not_html(content_type: str) -> PageFailure:
    """An asset to skip, or a page that is not HTML (``application/octet-stream``)."""
    if is_asset_type(content_type):
        return NotAPage(f"an asset, not a page ({content_type})")
    return PageFailure(f"not HTML ({content_type})")


def _content_type(page: Page, url: str, timeout: float) -> str | None:
    """The content type the server declares for ``url`` (a HEAD request), if it answers."""
    try:
        response = page.request.head(url, timeout=timeout * 1000)
    except PlaywrightError:
        return None
    return response.headers.get("content-type", "").split(";")[0].strip().lower() or None


@dataclass
class CrawlReport:
    """What the crawl did: pages handed on, pages that failed, and how long it took."""

    loaded: list[str] = field(default_factory=list)
    failed: list[FailedPage] = field(default_factory=list)
    aliases: dict[str, str] = field(default_factory=dict)
    assets: list[str] = field(default_factory=list)
    """Linked URLs skipped as assets (by suffix, or by the type they were served as)."""
    unvisited: int = 0
    """Same-origin pages linked but never loaded (the page or depth limit stopped the
    crawl first): 0 means the crawl saw the whole site it could reach."""
    seconds: float = 0.0


PageHandler = Callable[[Page, FetchedPage], None]
FailureHandler = Callable[[FailedPage], None]


class _Crawl:
    """The state of one crawl: the frontier, what was seen and loaded, the report."""

    def __init__(self, start_url: str, options: CrawlOptions) -> None:
        self.origin = origin_of(start_url)
        self.options = options
        start = normalise_url(start_url)
        self.frontier: deque[tuple[str, str, int]] = deque([(start, start_url, 0)])
        self.seen = {start}
        self.beyond: set[str] = set()
        self.loaded: set[str] = set()
        self.report = CrawlReport()

    def visit(self, page: Page, url: str, address: str, depth: int) -> FetchedPage | None:
        """Load one page; None when it failed or turned out to be a page already loaded."""
        try:
            status, final_address = fetch(page, address, self.options.timeout)
            final = normalise_url(final_address)
            if origin_of(final) != self.origin:
                raise PageFailure(f"redirected off the origin to {final}")
        except NotAPage:
            self.report.assets.append(url)
            return None
        except PageFailure as exc:
            self.report.failed.append(FailedPage(url, depth, str(exc)))
            return None
        if final != url:  # a redirect: links to ``url`` lead to ``final``
            self.report.aliases[url] = final
            self.seen.add(final)
            if final in self.loaded:
                return None
        self.loaded.add(final)
        self.report.loaded.append(final)
        return FetchedPage(final, final_address, depth, status, extract_page(page))

    def follow(self, fetched: FetchedPage) -> None:
        """Queue the page's same-origin links that have not been seen yet (at the depth
        limit, only note them: they count as unvisited unless reached another way)."""
        for element in fetched.content.elements:
            if element.kind != "link" or element.download:
                continue
            if not followable(element.href, self.origin):
                continue
            target = normalise_url(str(element.href))
            if is_asset_url(target):
                if target not in self.seen:
                    self.seen.add(target)
                    self.report.assets.append(target)
                continue
            if fetched.depth >= self.options.max_depth:
                self.beyond.add(target)
            elif target not in self.seen:
                self.seen.add(target)
                address = str(element.href).split("#")[0]
                self.frontier.append((target, address, fetched.depth + 1))


def crawl(
    context: BrowserContext,
    start_url: str,
    options: CrawlOptions,
    on_page: PageHandler,
    on_failure: FailureHandler | None = None,
) -> CrawlReport:
    """Visit pages breadth first from ``start_url``; ``on_page`` sees each live page.

    The page stays open while ``on_page`` runs (for screenshots and probes) and is closed
    afterwards. Links found on a page at ``max_depth`` are not followed.
    """
    started = time.monotonic()
    state = _Crawl(start_url, options)
    first = True
    while state.frontier and len(state.report.loaded) < options.max_pages:
        url, address, depth = state.frontier.popleft()
        if url in state.loaded:  # reached earlier through a redirect
            continue
        if not first and options.delay:
            time.sleep(options.delay)
        first = False
        failures = len(state.report.failed)
        page = context.new_page()
        try:
            fetched = state.visit(page, url, address, depth)
            if fetched is not None:
                on_page(page, fetched)
        finally:
            page.close()
        if fetched is not None:
            state.follow(fetched)
        if on_failure is not None and len(state.report.failed) > failures:
            on_failure(state.report.failed[-1])
    queued = {url for url, _, _ in state.frontier}
    failed = {failure.url for failure in state.report.failed}
    reached = state.loaded | set(state.report.aliases) | failed | set(state.report.assets)
    state.report.unvisited = len((queued | (state.beyond - state.seen)) - reached)
    state.report.seconds = round(time.monotonic() - started, 2)
    return state.report
