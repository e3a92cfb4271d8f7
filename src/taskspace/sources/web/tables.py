"""Content tables and layout tables.

Old and generated sites lay pages out with ``<table>``: a grid holding the whole page, a
bar of links, a prev/next strip, a box of "related" links. A task that asks about such a
table asks about furniture, so every crawled table is judged here from the shape the
page measured (``extract.js``): a content table has at least two rows, a header (a row
of th cells, a thead, th cells heading its rows, or a caption) or at least two columns,
and data cells whose text is not mostly link text; a layout table nests tables without
a header, says it is presentation or navigation, or fails those. The link-text rule is the one the
samplers' lint applies (:func:`taskspace.tasks.lints.layout_table`), so extraction and
sampling judge alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from taskspace.core.shapes import layout_table

EMPTY_CELLS = 0.5
"""A table with at least this share of empty cells is a spacer grid."""


@dataclass(frozen=True)
class TableShape:
    """What the page measured of one ``<table>``: ``text_chars`` and ``link_chars`` count
    the text of its data cells (td; the whole table when it has none), whitespace left
    out, so a header row over lists of links does not hide that they are links."""

    rows: int
    cols: int
    cells: int
    header_cells: int
    empty_cells: int
    header_row: bool
    caption: bool
    text_chars: int
    link_chars: int
    nested: bool
    presentation: bool
    hint: str | None = None

    @classmethod
    def from_raw(cls, raw: dict[str, Any]) -> TableShape:
        return cls(**raw)

    @property
    def header(self) -> bool:
        """A header row, th cells heading rows, or a caption."""
        return self.header_row or self.caption or self.header_cells > 0

    @property
    def link_share(self) -> float:
        """The share of the data cells' text that is link text (0 for an empty table)."""
        return min(1.0, self.link_chars / self.text_chars) if self.text_chars else 0.0


def layout_reason(shape: TableShape) -> str | None:
    """Why the table is layout rather than content, or None for a content table."""
    if shape.presentation:
        return "marked role=presentation"
    if shape.hint:
        return f"marked as {shape.hint}"
    if shape.nested and not shape.header:
        return "holds tables of its own (a layout grid)"
    if shape.rows < 2:
        return "a single row: a bar, not a table"
    if shape.cols < 2 and not shape.header:
        return "a single column without a header: a list, not a table"
    if shape.cells and shape.empty_cells / shape.cells >= EMPTY_CELLS:
        return f"{shape.empty_cells} of {shape.cells} cells are empty (a spacer grid)"
    return layout_table(shape.header, shape.link_share)


def table_props(shape: TableShape | None) -> dict[str, Any]:
    """The graph properties of a table element (none for other elements): ``layout`` and
    why, and the measures a template's lint reads again (``header``, ``link_share``)."""
    if shape is None:
        return {}
    reason = layout_reason(shape)
    return {
        "layout": reason is not None,
        "layout_reason": reason,
        "header": shape.header,
        "link_share": round(shape.link_share, 3),
        "rows": shape.rows,
        "cols": shape.cols,
    }
