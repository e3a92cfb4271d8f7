"""The parsed form of a document, shared by every parser and by the graph writer.

Parsers (``pdf``, ``html``, ``markdown``) produce a :class:`ParsedDocument`; the writer
turns it into ``:Document``, ``:DocElement`` structure nodes, chunks and entities. Keeping
this model format-free is what lets one writer serve every format.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Literal

from pydantic import BaseModel, Field


class ElementKind(StrEnum):
    SECTION = "section"
    PARAGRAPH = "paragraph"
    TABLE = "table"
    FIGURE = "figure"
    LIST_ITEM = "list_item"
    CODE = "code"


GRAPH_LABELS: dict[ElementKind, str] = {
    ElementKind.SECTION: "Section",
    ElementKind.PARAGRAPH: "Paragraph",
    ElementKind.TABLE: "Table",
    ElementKind.FIGURE: "Figure",
    ElementKind.LIST_ITEM: "ListItem",
    ElementKind.CODE: "Code",
}


class CrossReference(BaseModel):
    """A mention in text of another element: "Table 2", "Figure 3", "Section 4.1"."""

    kind: Literal["table", "figure", "section"]
    number: str
    text: str = Field(description="the words as written, e.g. 'Table 2'")


class DocElement(BaseModel):
    """One structural element, in reading order."""

    kind: ElementKind
    position: int = Field(description="0-based reading-order index within the document")
    text: str = Field(description="heading text for sections; caption plus cells for tables")
    page: int | None = Field(default=None, description="1-based page (PDF), else None")
    bbox: tuple[float, float, float, float] | None = Field(
        default=None, description="x0, top, x1, bottom in PDF points"
    )
    heading_path: list[str] = Field(
        default_factory=list, description="titles of the enclosing sections, outermost first"
    )
    parent: int | None = Field(
        default=None, description="position of the enclosing section, None at top level"
    )
    level: int | None = Field(default=None, description="heading level of a section (1 = top)")
    number: str | None = Field(
        default=None, description="'4.1' for a numbered section, '2' for Table 2 / Figure 2"
    )
    caption: str | None = None
    rows: list[list[str]] | None = Field(default=None, description="table cells, row by row")
    language: str | None = Field(default=None, description="language of a code block")
    links: list[str] = Field(default_factory=list, description="link targets in the element")
    references: list[CrossReference] = Field(default_factory=list)


class ParsedDocument(BaseModel):
    """A whole document: metadata plus elements in reading order."""

    path: str = Field(description="absolute path of the file")
    format: Literal["pdf", "html", "markdown"]
    title: str
    authors: list[str] = Field(default_factory=list)
    metadata: dict[str, Any] = Field(
        default_factory=dict, description="front matter or <meta> values, JSON-safe"
    )
    related: list[str] = Field(
        default_factory=list,
        description="documents this one points at by reference: front-matter 'requires' "
        "(e.g. 'eip-2718'), link targets to other local files",
    )
    elements: list[DocElement] = Field(default_factory=list)
    pages: int | None = None
    notes: list[str] = Field(
        default_factory=list,
        description="what parsing had to change in the file (a page nested past the depth "
        "cap, flattened): one line each, listed as a note of the load",
    )
    source_chars: int | None = Field(
        default=None,
        description="characters of visible text in the file before cleaning (HTML, Markdown): "
        "what the elements are measured against to notice a page that cleaning emptied",
    )
