"""Elements of one loaded page, read by ``extract.js`` inside the browser.

The browser knows what is visible, where it is and what a screen reader would call it;
the script reports that for interactive and content elements (not every ``div``), and
this module turns its answer into typed records.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Page

from taskspace.sources.web.tables import TableShape

KINDS = (
    "button",
    "link",
    "input",
    "search_box",
    "select",
    "checkbox",
    "form",
    "nav",
    "dialog",
    "toast",
    "table",
    "heading",
    "image",
    "text",
    "list",
)
INTERACTIVE = frozenset({"button", "link", "input", "search_box", "select", "checkbox"})


@dataclass(frozen=True)
class Target:
    """An element another one declares it controls, and the markup that says so."""

    xpath: str
    via: str


@dataclass
class Element:
    """One element as the page showed it; ``xpath`` is its identity within the page."""

    kind: str
    tag: str
    role: str
    name: str
    text: str
    xpath: str
    selector: str | None
    bbox: list[int]
    visible: bool
    enabled: bool
    href: str | None = None
    raw_href: str | None = None
    action: str | None = None
    method: str | None = None
    input_type: str | None = None
    placeholder: str | None = None
    toggle: str | None = None
    download: bool = False
    submit: bool = False
    container: str | None = None
    form: str | None = None
    targets: list[Target] = field(default_factory=list)
    table: TableShape | None = None
    order: int = 0
    """Position in document order (the page's reading order, whatever the layout)."""
    som: int | None = None

    @property
    def interactive(self) -> bool:
        return self.kind in INTERACTIVE


@dataclass
class PageContent:
    """What one page holds: title, main text, DOM hash and its elements in document order."""

    title: str
    text: str
    dom_hash: str
    elements: list[Element]


def _element(raw: dict[str, Any], order: int) -> Element:
    targets = [Target(str(t["xpath"]), str(t["via"])) for t in raw.pop("targets", [])]
    shape = raw.pop("table", None)
    table = TableShape.from_raw(shape) if shape else None
    return Element(**raw, targets=targets, table=table, order=order)


def extract_page(page: Page) -> PageContent:
    """Run the installed script on the loaded page and number the Set-of-Marks."""
    # One JSON string crosses the protocol much faster than a tree of small objects.
    raw = json.loads(page.evaluate("() => window.__taskspace.extract()"))
    elements = [_element(item, order) for order, item in enumerate(raw["elements"])]
    assign_marks(elements)
    html = page.content()
    return PageContent(
        title=str(raw["title"] or ""),
        text=str(raw["text"] or ""),
        dom_hash=hashlib.sha256(html.encode("utf-8")).hexdigest(),
        elements=elements,
    )


def assign_marks(elements: list[Element]) -> None:
    """Number visible interactive elements in reading order: rows top-down, then left-right.

    Tops within a few pixels count as one row, so a line of buttons whose baselines differ
    by a pixel still reads left to right.
    """
    marked = [e for e in elements if e.interactive and e.visible]
    marked.sort(key=lambda e: (e.bbox[1] // 8, e.bbox[0], e.bbox[1]))
    for number, element in enumerate(marked, start=1):
        element.som = number
