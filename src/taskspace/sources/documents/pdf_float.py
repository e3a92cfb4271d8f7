"""A table or figure taken out of a PDF page's running text, shared by the table finders."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from taskspace.sources.documents.model import DocElement, ElementKind
from taskspace.sources.documents.pdf_columns import Box
from taskspace.sources.documents.pdf_layout import Line

_CONTINUED = re.compile(r"\s*(?:[—–-]+\s*|\(\s*)(?:continued|cont(?:'d|\.))\s*\)?\s*$", re.I)


def continued_title(caption: str | None) -> str | None:
    """The caption without its "—Continued" mark, when it marks a table's second part."""
    if caption is None:
        return None
    match = _CONTINUED.search(caption)
    return caption[: match.start()].strip() if match else None


@dataclass
class Float:
    """A table or figure with the lines it took out of the running text."""

    kind: ElementKind
    page: int
    bbox: Box
    anchor: Line | None
    caption: str | None = None
    number: str | None = None
    rows: list[list[str]] | None = None
    label_text: str = ""
    lines: list[Line] = field(default_factory=list)

    @property
    def text(self) -> str:
        return float_text(self.caption, self.rows, self.label_text)


def float_text(caption: str | None, rows: list[list[str]] | None, label: str = "") -> str:
    """Caption, then the rows with cells joined by " | " (or the label text of a figure)."""
    body = "\n".join(" | ".join(row) for row in rows or []) or label
    return "\n".join(part for part in (caption, body) if part)


def join_continued(elements: list[DocElement], item: Float) -> bool:
    """Rows of a "—Continued" table join the table it continues; False when it is new.

    The part after a page break repeats the title with "—Continued" (or "Table 3
    (continued)") and usually the header row, which is not repeated in the joined rows.
    """
    base = continued_title(item.caption)
    if base is None:
        return False
    tables = [e for e in elements if e.kind is ElementKind.TABLE]
    if not tables or not _same_table(tables[-1], base, item.number):
        return False
    first = tables[-1]
    rows = list(item.rows or [])
    if rows and first.rows and rows[0] == first.rows[0]:
        rows = rows[1:]
    merged = [*(first.rows or []), *rows]
    elements[first.position] = first.model_copy(
        update={"rows": merged, "text": float_text(first.caption, merged)}
    )
    return True


def _same_table(table: DocElement, base: str, number: str | None) -> bool:
    if number is not None and table.number == number:
        return True
    caption = " ".join((table.caption or "").lower().split())
    return bool(caption) and caption == " ".join(base.lower().split())
