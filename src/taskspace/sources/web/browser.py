"""Headless Chromium through Playwright, fenced to one origin.

Playwright's own browser download cannot work offline, so the crawler drives the
distribution's Chromium (``TASKSPACE_CHROMIUM``, default ``/usr/bin/chromium``). Every
request that leaves the crawled origin is aborted by a route: real sites reference CDNs
and trackers, and a crawl must neither wait for nor talk to them.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import BrowserContext, Route, ViewportSize, sync_playwright
from playwright.sync_api import Error as PlaywrightError

from taskspace.sources.web.errors import BrowserUnavailableError

DEFAULT_CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
VIEWPORT: ViewportSize = {"width": 1280, "height": 800}
_EXTRACT_JS = Path(__file__).with_name("extract.js")


def chromium_path() -> Path:
    """The Chromium binary to drive: ``TASKSPACE_CHROMIUM`` or Debian's default."""
    return Path(os.environ.get("TASKSPACE_CHROMIUM") or DEFAULT_CHROMIUM)


def foreign_requests(origin: str) -> re.Pattern[str]:
    """Matches every URL outside ``origin``; matched in the driver, so the site's own
    requests never make a round trip through Python."""
    return re.compile("^(?!" + re.escape(origin) + "/)")


@contextmanager
def origin_context(origin: str, executable: Path | None = None) -> Iterator[BrowserContext]:
    """A fresh browser context that only reaches ``origin``; closed (with Chromium) on exit.

    The in-page extraction script is installed as an init script, so it is present in
    every document the context opens, including the fresh copies that probes load.
    """
    binary = executable or chromium_path()
    if not binary.exists():
        raise BrowserUnavailableError(
            f"Chromium was not found at {binary}. Install Debian's browser with "
            "`apt-get install -y chromium`, or set TASKSPACE_CHROMIUM to a Chromium binary "
            "(Playwright's own browser download is not used)."
        )

    def refuse(route: Route) -> None:
        route.abort("blockedbyclient")

    with sync_playwright() as playwright:
        try:
            browser = playwright.chromium.launch(
                executable_path=str(binary), headless=True, args=CHROMIUM_ARGS
            )
        except PlaywrightError as exc:
            first_line = str(exc).strip().splitlines()[0] if str(exc).strip() else repr(exc)
            raise BrowserUnavailableError(
                f"Chromium at {binary} would not start: {first_line}"
            ) from exc
        try:
            context = browser.new_context(viewport=VIEWPORT, service_workers="block")
            context.route(foreign_requests(origin), refuse)
            context.add_init_script(path=_EXTRACT_JS)
            yield context
        finally:
            browser.close()
