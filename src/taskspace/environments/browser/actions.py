"""The actions a web agent may take, and how each is done on the live page.

Marks name elements of the last observation; an action on a mark that does not exist, or
a URL on another origin, fails with a reason the agent sees (and the trajectory keeps).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import get_args
from urllib.parse import urljoin

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from taskspace.environments.browser.observation import Observation
from taskspace.environments.errors import ActionError
from taskspace.environments.replay.actions import first_line
from taskspace.sources.web.origins import OriginMap
from taskspace.sources.web.urls import origin_of
from taskspace.tasks.attempt import WebActionKind

ACTION_KINDS: tuple[str, ...] = get_args(WebActionKind)
SCROLL_PIXELS = 600


@dataclass(frozen=True)
class Action:
    """``kind`` with its mark (click, type, select), value (text, option, URL, answer,
    scroll direction ``up``/``down``)."""

    kind: str
    mark: int | None = None
    value: str | None = None


def perform(
    page: Page, action: Action, seen: Observation, origins: OriginMap, timeout_ms: float
) -> None:
    """Do ``action`` on ``page``; raise ActionError with the reason when it cannot be done."""
    try:
        if action.kind in ("click", "type", "select"):
            _on_mark(page, action, seen, timeout_ms)
        elif action.kind == "scroll":
            down = (action.value or "down").strip().lower() != "up"
            page.mouse.wheel(0, SCROLL_PIXELS if down else -SCROLL_PIXELS)
            page.wait_for_timeout(100)
        elif action.kind == "back":
            if page.go_back(wait_until="load", timeout=timeout_ms) is None:
                raise ActionError("there is no page to go back to")
        elif action.kind == "goto":
            page.goto(same_origin_url(page.url, action.value or "", origins), wait_until="load")
        elif action.kind != "answer":
            raise ActionError(f"unknown action {action.kind!r} ({', '.join(ACTION_KINDS)})")
    except PlaywrightError as exc:
        raise ActionError(f"{action.kind} failed: {first_line(exc)}") from exc


def same_origin_url(current: str, wanted: str, origins: OriginMap) -> str:
    """``wanted`` resolved against the current page, mapped, and refused off the origin."""
    if not wanted.strip():
        raise ActionError("goto needs a URL")
    url = origins.url(urljoin(current, wanted.strip()))
    if origin_of(url) != origin_of(current):
        raise ActionError(f"{wanted} is on another site; only {origin_of(current)} is reachable")
    return url


def _on_mark(page: Page, action: Action, seen: Observation, timeout_ms: float) -> None:
    if action.mark is None:
        raise ActionError(f"{action.kind} needs a mark id")
    element = seen.element(action.mark)
    if element is None:
        raise ActionError(f"there is no mark {action.mark} on this page")
    locator = page.locator(f"xpath={element.xpath}").first
    site = origin_of(page.url)
    if action.kind == "click":
        locator.click(timeout=timeout_ms)
    elif action.kind == "type":
        locator.fill(action.value or "", timeout=timeout_ms)
        if element.kind == "search_box":
            locator.press("Enter", timeout=timeout_ms)
    else:
        try:
            locator.select_option(label=action.value or "", timeout=timeout_ms)
        except PlaywrightError:
            locator.select_option(action.value or "", timeout=timeout_ms)
    page.wait_for_load_state("load", timeout=timeout_ms)
    leaves = action.kind == "click" and _off_site(element.href, page.url, site)
    deadline = time.monotonic() + timeout_ms / 1000
    while leaves and origin_of(page.url) == site and time.monotonic() < deadline:
        # The click starts a navigation the fence aborts, but on a busy machine Chromium
        # may not have shown its error page yet: wait for it instead of reading the old
        # URL. (wait_for_url raises on the aborted navigation itself, before the error
        # page is committed, so the URL is polled; each wait lets Playwright's events in.)
        page.wait_for_timeout(50)
    if origin_of(page.url) != site:  # the fence aborted it: Chromium shows its error page
        page.go_back(wait_until="load", timeout=timeout_ms)
        raise ActionError(f"mark {action.mark} leads off the site; only {site} is reachable")
    if leaves:  # refused before any error page was shown
        raise ActionError(f"mark {action.mark} leads off the site; only {site} is reachable")


def _off_site(href: str | None, current: str, site: str) -> bool:
    """Whether a link's target (not a script or fragment link) is on another origin."""
    if not href or href.startswith(("javascript:", "#", "mailto:", "tel:")):
        return False
    return origin_of(urljoin(current, href)) != site
