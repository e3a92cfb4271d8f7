"""One entry point for every document format: pick the parser by suffix, then finish the outline.

Format parsers only say what each element is (kind, text, heading level, number, ...). The
document-wide parts that every format shares, reading-order positions, the section tree
(parent, heading path) and cross references, are filled in here once, so the three parsers
cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from taskspace.core.files import not_a_format
from taskspace.sources.documents import html, markdown, pdf
from taskspace.sources.documents.errors import DocumentParseError
from taskspace.sources.documents.model import (
    CrossReference,
    DocElement,
    ElementKind,
    ParsedDocument,
)
from taskspace.sources.documents.references import find_references

PARSERS: dict[str, Callable[[Path], ParsedDocument]] = {
    ".pdf": pdf.parse_pdf,
    ".html": html.parse_html,
    ".htm": html.parse_html,
    ".md": markdown.parse_markdown,
    ".markdown": markdown.parse_markdown,
}
"""Supported suffixes (lower case) and their parsers."""


def is_supported(path: Path) -> bool:
    return path.suffix.lower() in PARSERS


def not_a_document(path: Path) -> str:
    """Why a file of another format is not loaded, naming its suffix and the ones we read."""
    return not_a_format(path, "a document", PARSERS)


def parse_file(path: Path) -> ParsedDocument:
    """Parse one PDF, HTML or Markdown file into a finished :class:`ParsedDocument`."""
    path = Path(path)
    if not path.exists():
        raise DocumentParseError(path, "no such file or folder")
    parser = PARSERS.get(path.suffix.lower())
    if parser is None:
        raise DocumentParseError(path, not_a_document(path))
    if not path.is_file():
        raise DocumentParseError(path, "not a regular file")
    if path.stat().st_size == 0:
        raise DocumentParseError(path, "the file is empty")
    try:
        document = parser(path.resolve())
    except OSError as error:
        raise DocumentParseError(
            path, f"cannot read the file: {error.strerror or error}"
        ) from error
    except ValueError as error:
        raise DocumentParseError(path, str(error) or type(error).__name__) from error
    except RecursionError as error:
        raise DocumentParseError(path, "nested too deeply to parse") from error
    return finish(document)


def finish(document: ParsedDocument) -> ParsedDocument:
    """Positions, section levels, parents, heading paths and references for every element.

    The elements are completed in place (the parser's document is not shared); elements of
    one section share one heading-path list, which nothing mutates.
    """
    sections = [e for e in document.elements if e.kind is ElementKind.SECTION]
    shift = min((e.level or 1 for e in sections), default=1) - 1
    stack: list[tuple[int, int, str]] = []  # (level, position, title) of the open sections
    path: list[str] = []  # one list shared by the elements of a section, not one per element
    for position, element in enumerate(document.elements):
        level = element.level
        if element.kind is ElementKind.SECTION:
            level = max(1, (element.level or 1 + shift) - shift)
            while stack and stack[-1][0] >= level:
                stack.pop()
            path = [title for _, _, title in stack]
        # in place: a copy of every element doubled the peak memory of a large document
        element.position = position
        element.level = level
        element.parent = stack[-1][1] if stack else None
        element.heading_path = path
        element.references = [] if element.kind is ElementKind.CODE else _references(element)
        if element.kind is ElementKind.SECTION and level is not None:
            stack.append((level, position, element.text))
            path = [title for _, _, title in stack]
    return document


def _references(element: DocElement) -> list[CrossReference]:
    """Mentions in the element's text, leaving out a caption's mention of its own element."""
    own = element.kind.value if element.kind in {ElementKind.TABLE, ElementKind.FIGURE} else None
    text = element.caption if own and element.caption is not None else element.text
    return [
        reference
        for reference in find_references(text)
        if not (reference.kind == own and reference.number == element.number)
    ]
