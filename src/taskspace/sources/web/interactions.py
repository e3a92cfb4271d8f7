"""Interaction edges: what markup declares, and what the browser shows when we try it.

Markup declares edges (a field belongs to a form, a toggle names its modal through
``data-target`` or ``aria-controls``). Probes then act for real in a fresh copy of the
page: click a button and see whether a dialog, menu or toast appears; change a select and
see whether a list changes; fill a field; submit a form (same origin only) and see the
submit event fire. Declared edges whose effect never showed stay with ``observed=false``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import BrowserContext, Locator, Page, Route
from playwright.sync_api import Error as PlaywrightError

from taskspace.sources.web.extract import Element, PageContent
from taskspace.sources.web.urls import origin_of

FIELD_KINDS = frozenset({"input", "search_box", "select", "checkbox"})
CLICKER_KINDS = frozenset({"button", "link"})
WATCHED_KINDS = frozenset({"dialog", "toast", "nav", "list", "table"})
FILTER_VIAS = frozenset({"data-filter-target", "data-filter", "data-list"})
SAMPLE_VALUES = {
    "number": "7",
    "range": "",
    "email": "probe@example.org",
    "url": "http://example.org/",
    "tel": "5550100",
    "date": "2024-01-02",
    "month": "2024-01",
    "week": "2024-W01",
    "time": "12:30",
    "datetime-local": "2024-01-02T12:30",
    "color": "#336699",
    "file": "",
}
DEFAULT_SAMPLE = "zq"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
MAX_PROBES = 30
MIN_SETTLE_MS = 200
QUIET_MS = 100
MAX_SETTLE_MS = 1500
POOL_SIZE = 6
ACTION_TIMEOUT_MS = 2000

INTERACTION_TYPES = frozenset({"FILLS", "SUBMITS", "OPENS", "FILTERS", "TRIGGERS"})
Edge = tuple[str, str, str]
"""(relationship type, source xpath, target xpath)"""


@dataclass(frozen=True)
class Interaction:
    """One interaction edge between two elements of a page, by their xpaths."""

    type: str
    source: str
    target: str
    observed: bool
    via: str


def declared(content: PageContent) -> dict[Edge, str]:
    """Edges the markup states, keyed (type, source xpath, target xpath) -> attribute."""
    kinds = {element.xpath: element.kind for element in content.elements}
    edges: dict[Edge, str] = {}
    for element in content.elements:
        if element.form and element.kind in FIELD_KINDS:
            edges[("FILLS", element.xpath, element.form)] = "form"
        if element.form and element.submit:
            edges[("SUBMITS", element.xpath, element.form)] = "form"
        for target in element.targets:
            edge = _declared_type(element, kinds.get(target.xpath, ""), target.via)
            if edge:
                edges.setdefault((edge, element.xpath, target.xpath), target.via)
    return edges


def _declared_type(source: Element, target_kind: str, via: str) -> str | None:
    if source.kind in FIELD_KINDS and target_kind in ("list", "table"):
        return "FILTERS"
    if source.kind not in CLICKER_KINDS:
        return None
    if via in FILTER_VIAS and target_kind in ("list", "table"):
        return "FILTERS"
    if target_kind == "toast":
        return "TRIGGERS"
    if target_kind in ("dialog", "nav") or (target_kind == "list" and via == "dropdown"):
        return "OPENS"
    return None


def combine(declared_edges: dict[Edge, str], observed: Iterable[Edge]) -> list[Interaction]:
    """Union of both: declared edges carry observed=true only when a probe saw them."""
    seen = set(observed)
    edges = [
        Interaction(kind, source, target, (kind, source, target) in seen, via)
        for (kind, source, target), via in declared_edges.items()
    ]
    edges += [
        Interaction(kind, source, target, True, "probe")
        for (kind, source, target) in sorted(seen - declared_edges.keys())
    ]
    return edges


Snapshot = dict[str, Any]
"""What ``state()`` reports: document, url, mutations, and ``elements`` by xpath."""


class ProbePool:
    """Browser tabs holding fresh copies of the page being probed.

    Loading a copy is what probing mostly waits for. A click that changed nothing (no DOM
    mutation, no navigation) leaves its copy as fresh as it was, so the next probe uses
    it again; copies that an action changed are reloaded side by side.
    """

    def __init__(self, context: BrowserContext, timeout: float, size: int = POOL_SIZE) -> None:
        self.context = context
        self.timeout_ms = timeout * 1000
        self.size = size
        self.pages: list[Page] = []
        self.loads = 0
        self.submitted: dict[Page, list[str]] = {}

    def _new_tab(self) -> Page:
        tab = self.context.new_page()
        self.submitted[tab] = []
        tab.expose_binding(
            "__taskspaceSubmitted", lambda source, xpath: self._record(source, xpath)
        )
        return tab

    def _record(self, source: dict[str, Any], xpath: str) -> None:
        self.submitted.setdefault(source["page"], []).append(str(xpath))

    def fresh(self, address: str, count: int) -> list[Page]:
        """``count`` tabs (at most ``size``) with a just-loaded copy of ``address``."""
        while len(self.pages) < min(count, self.size):
            self.pages.append(self._new_tab())
        started: list[Page] = []
        for tab in self.pages[:count]:
            try:
                response = tab.goto(address, timeout=self.timeout_ms, wait_until="commit")
            except PlaywrightError:
                continue
            if response is not None and response.status < 400:
                started.append(tab)
        ready: list[Page] = []
        for tab in started:  # the copies load side by side; wait for each in turn
            try:
                tab.wait_for_load_state("load", timeout=self.timeout_ms)
            except PlaywrightError:
                continue
            self.loads += 1
            ready.append(tab)
        return ready

    def close(self) -> None:
        for page in self.pages:
            page.close()
        self.pages = []
        self.submitted = {}


@dataclass
class _Attempt:
    """One probe: the tab, the element acted on, what it should have done, what it did."""

    page: Page
    element: Element
    before: Snapshot
    acted: bool = False
    expected: str | None = None
    after: Snapshot | None = None

    @property
    def left_pristine(self) -> bool:
        """True when a click changed nothing at all, so the copy can serve the next probe."""
        after = self.after or {}
        return (
            self.element.kind in CLICKER_KINDS
            and not self.element.submit
            and after.get("mutations") == 0
            and after.get("document") == self.before.get("document")
            and after.get("url") == self.before.get("url")
        )


def probe(pool: ProbePool, address: str, content: PageContent) -> set[Edge]:
    """Try the page's safe interactions in the browser; return the edges that showed.

    Each tab is brought to the front for its probe: Chromium does not animate background
    tabs, and Playwright waits for an element to stand still before clicking it.
    """
    kinds = {element.xpath: element.kind for element in content.elements}
    watched = [e.xpath for e in content.elements if e.kind in WATCHED_KINDS]
    queue = candidates(content, origin_of(address))[:MAX_PROBES]
    seen: set[Edge] = set()
    wanted = 1  # most clicks on most pages change nothing; load more copies once they do
    while queue:
        tabs = pool.fresh(address, min(wanted, len(queue)))
        if not tabs:
            break
        for tab in tabs:
            tab.bring_to_front()
            while queue:
                element = queue.pop(0)
                attempt = _Attempt(tab, element, _state(tab, watched, pool.timeout_ms, True))
                _act(attempt, content, pool)
                _settle(tab)
                seen |= _observe(attempt, watched, kinds, pool)
                if not attempt.left_pristine:
                    break
        wanted = pool.size
    return seen


def _settle(page: Page) -> None:
    """Wait until the page has had no DOM mutation for a moment (bounded)."""
    try:
        page.wait_for_function(
            "(a) => window.__taskspace.settled(a[0], a[1])",
            arg=[QUIET_MS, MIN_SETTLE_MS],
            polling=50,
            timeout=MAX_SETTLE_MS,
        )
    except PlaywrightError:
        return


def _evaluate(page: Page, script: str, arg: Any, timeout_ms: float) -> Any:
    """Evaluate, riding out a navigation that an action may have started."""
    for _ in range(3):
        try:
            return page.evaluate(script, arg)
        except PlaywrightError:
            try:
                page.wait_for_load_state("load", timeout=timeout_ms)
            except PlaywrightError:
                return None
    return None


def _state(page: Page, watched: list[str], timeout_ms: float, mark: bool = False) -> Snapshot:
    script = "(a) => window.__taskspace.state(a[0], a[1])"
    result = _evaluate(page, script, [watched, mark], timeout_ms)
    return result if isinstance(result, dict) else {}


def _value(page: Page, xpath: str) -> str | None:
    result = _evaluate(page, "(x) => window.__taskspace.fieldValue(x)", xpath, ACTION_TIMEOUT_MS)
    return None if result is None else str(result)


def candidates(content: PageContent, origin: str) -> list[Element]:
    """Visible, enabled elements whose action stays in this document or this origin."""
    kinds = {element.xpath: element.kind for element in content.elements}
    chosen: list[Element] = []
    for element in content.elements:
        if not (element.visible and element.enabled):
            continue
        if element.submit:
            if element.form and element.action and origin_of(element.action) == origin:
                chosen.append(element)
        elif element.kind in FIELD_KINDS | {"button"} or (
            element.kind == "link" and _in_page_link(element, kinds)
        ):
            chosen.append(element)
    return chosen


def _in_page_link(element: Element, kinds: dict[str, str]) -> bool:
    """A link that acts inside the page (a toggle or ``#``), never one that leaves it."""
    raw = (element.raw_href or "").strip().lower()
    if element.toggle or raw in ("", "#") or raw.startswith("javascript:"):
        return True
    return any(kinds.get(t.xpath) in WATCHED_KINDS - {"list", "table"} for t in element.targets)


def _locate(page: Page, xpath: str) -> Locator:
    # Candidates were visible and enabled when the page was read; a copy that differs
    # only costs the action's short timeout.
    return page.locator(f"xpath={xpath}")


def _click(page: Page, element: Element) -> bool:
    try:
        _locate(page, element.xpath).click(timeout=ACTION_TIMEOUT_MS)
    except PlaywrightError:
        return False
    return True


def _change(page: Page, element: Element) -> str | None:
    """Change one field the way a user would; return the value it should then hold."""
    locator = _locate(page, element.xpath)
    try:
        if element.kind == "checkbox":
            was = _value(page, element.xpath)
            locator.click(timeout=ACTION_TIMEOUT_MS)
            return "true" if element.input_type == "radio" or was != "true" else "false"
        if element.kind == "select":
            options = locator.evaluate("(s) => Array.from(s.options || []).map((o) => o.value)")
            current = _value(page, element.xpath)
            other = next((str(v) for v in options if str(v) != current), None)
            if other is None:
                return None
            locator.select_option(value=other, timeout=ACTION_TIMEOUT_MS)
            return other
        sample = SAMPLE_VALUES.get(element.input_type or "", DEFAULT_SAMPLE)
        if not sample:
            return None
        locator.fill(sample, timeout=ACTION_TIMEOUT_MS)
        locator.dispatch_event("change")
        return sample
    except PlaywrightError:
        return None


def _act(attempt: _Attempt, content: PageContent, pool: ProbePool) -> None:
    """Do the one thing this probe is about: change a field, click, or submit a form.

    Before a submit, the form's fields are filled so that validation lets it through;
    the submit event is reported through a binding, which does not depend on the page
    surviving the navigation a real submit causes. While a submit is probed, requests
    that could change something on the server (POST, PUT, DELETE …) are refused: the
    probe watches the form submit, it never sends data.
    """
    page, element = attempt.page, attempt.element
    if element.kind in FIELD_KINDS:
        attempt.expected = _change(page, element)
        attempt.acted = attempt.expected is not None
        return
    if element.submit:
        for field in content.elements:
            if field.form == element.form and field.kind in FIELD_KINDS - {"select"}:
                _change(page, field)
        pool.submitted[page] = []
        _evaluate(page, "() => window.__taskspace.watchSubmits()", None, ACTION_TIMEOUT_MS)
        page.route("**/*", _refuse_writes)
    attempt.acted = _click(page, element)


def _refuse_writes(route: Route) -> None:
    if route.request.method in SAFE_METHODS:
        route.fallback()
    else:
        route.abort("blockedbyclient")


def _observe(
    attempt: _Attempt, watched: list[str], kinds: dict[str, str], pool: ProbePool
) -> set[Edge]:
    page, element, timeout_ms = attempt.page, attempt.element, pool.timeout_ms
    if element.submit:
        page.unroute("**/*", _refuse_writes)
    if not attempt.acted:
        attempt.after = _state(page, watched, timeout_ms)
        return set()
    found: set[Edge] = set()
    if element.submit and element.form:
        if element.form in pool.submitted.get(page, []):
            found.add(("SUBMITS", element.xpath, element.form))
    elif element.kind in FIELD_KINDS and element.form:
        took = _value(page, element.xpath) == attempt.expected
        if took:
            found.add(("FILLS", element.xpath, element.form))
    after = attempt.after = _state(page, watched, timeout_ms)
    if after.get("document") == attempt.before.get("document"):  # no navigation happened
        found |= _effects(
            element, attempt.before.get("elements", {}), after.get("elements", {}), kinds
        )
    return found


def _effects(
    element: Element,
    before: dict[str, dict[str, Any]],
    after: dict[str, dict[str, Any]],
    kinds: dict[str, str],
) -> set[Edge]:
    """Edges implied by what changed between two snapshots of the watched elements."""
    found: set[Edge] = set()
    for xpath, now in after.items():
        then = before.get(xpath, {"visible": False, "sig": ""})
        appeared = now["visible"] and not then["visible"]
        changed = now["sig"] != then["sig"]
        kind = kinds.get(xpath)
        if kind == "toast" and now["visible"] and (appeared or changed):
            if element.kind in CLICKER_KINDS:
                found.add(("TRIGGERS", element.xpath, xpath))
        elif kind in ("dialog", "nav") and appeared and element.kind in CLICKER_KINDS:
            found.add(("OPENS", element.xpath, xpath))
        elif kind in ("list", "table") and changed and element.kind in FIELD_KINDS:
            # A filter may hide every item, and an empty list is not visible: compare
            # contents whether or not the list still shows.
            found.add(("FILTERS", element.xpath, xpath))
    return found
