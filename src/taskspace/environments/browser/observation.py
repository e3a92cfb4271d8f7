"""What a web agent sees of a page: a Set-of-Marks screenshot of the viewport and a text
listing of every marked element (an accessibility-tree-like view keyed by mark id)."""

from __future__ import annotations

import base64
import io
from dataclasses import dataclass, field, replace
from pathlib import Path

from PIL import Image
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from taskspace.sources.web.extract import Element, extract_page
from taskspace.sources.web.som import draw_marks

LISTED_CHARS = 80
"""Names and values are clipped here: a mark line must stay one short line."""
JPEG_QUALITY = 70


@dataclass(frozen=True)
class Mark:
    """One marked element: its id on screen, what a screen reader would call it, and
    where it leads (links) or what it holds (inputs)."""

    id: int
    kind: str
    role: str
    name: str
    href: str | None = None
    value: str | None = None
    in_view: bool = True

    def line(self) -> str:
        parts = [f"[{self.id}]", self.role or self.kind, _quoted(self.name)]
        if self.href:
            parts.append(f"-> {self.href}")
        if self.value:
            parts.append(f"value={_quoted(self.value)}")
        if not self.in_view:
            parts.append("(below/above the view)")
        return " ".join(part for part in parts if part)


@dataclass
class Observation:
    """One look at the page; ``image`` is the SoM-annotated viewport as JPEG bytes."""

    url: str
    title: str
    marks: list[Mark]
    image: bytes = b""
    text: str = ""
    elements: list[Element] = field(default_factory=list, repr=False)

    def listing(self) -> str:
        lines = [f"URL: {self.url}", f"Title: {self.title}", "Marked elements:"]
        lines += [mark.line() for mark in self.marks] or ["(none)"]
        return "\n".join(lines)

    def data_uri(self) -> str:
        return "data:image/jpeg;base64," + base64.b64encode(self.image).decode("ascii")

    def element(self, mark: int) -> Element | None:
        return next((e for e in self.elements if e.som == mark), None)


def _quoted(text: str) -> str:
    clean = " ".join(text.split())
    if not clean:
        return ""
    if len(clean) > LISTED_CHARS:
        clean = clean[: LISTED_CHARS - 1] + "…"
    return f'"{clean}"'


def observe(page: Page, folder: Path, stem: str) -> Observation:
    """Extract the page's elements, number them, and screenshot the viewport with marks."""
    content = extract_page(page)
    scroll_x, scroll_y, width, height = page.evaluate(
        "() => [window.scrollX, window.scrollY, window.innerWidth, window.innerHeight]"
    )
    marked = [e for e in content.elements if e.som is not None]
    values = _values(page, marked)
    marks = [
        Mark(
            id=e.som or 0,
            kind=e.kind,
            role=e.role,
            name=e.name or e.text or e.placeholder or "",
            href=e.href,
            value=values.get(e.som or 0),
            in_view=_in_view(e, scroll_y, height),
        )
        for e in sorted(marked, key=lambda e: e.som or 0)
    ]
    folder.mkdir(parents=True, exist_ok=True)
    plain, annotated = folder / f"{stem}.png", folder / f"{stem}.som.png"
    page.screenshot(path=str(plain))
    # extract.js gives document coordinates; the viewport shot starts at the scroll offset.
    shifted = [
        replace(e, bbox=[e.bbox[0] - scroll_x, e.bbox[1] - scroll_y, e.bbox[2], e.bbox[3]])
        for e in marked
        if _in_view(e, scroll_y, height) and e.bbox[0] - scroll_x < width
    ]
    draw_marks(plain, annotated, shifted)
    return Observation(
        url=page.url,
        title=content.title,
        marks=marks,
        image=_jpeg(annotated),
        text=content.text,
        elements=content.elements,
    )


def _in_view(element: Element, scroll_y: int, height: int) -> bool:
    top, size = element.bbox[1], element.bbox[3]
    return top + size > scroll_y and top < scroll_y + height


def _values(page: Page, marked: list[Element]) -> dict[int, str]:
    """Current values of the marked form fields (what was typed or chosen so far)."""
    values: dict[int, str] = {}
    for element in marked:
        if element.kind not in ("input", "search_box", "select"):
            continue
        try:
            value = page.locator(f"xpath={element.xpath}").first.input_value(timeout=500)
        except PlaywrightError:  # a field that vanished has no value to show
            continue
        if value:
            values[element.som or 0] = value
    return values


def _jpeg(path: Path) -> bytes:
    with Image.open(path) as image:
        buffer = io.BytesIO()
        image.convert("RGB").save(buffer, format="JPEG", quality=JPEG_QUALITY)
    return buffer.getvalue()
