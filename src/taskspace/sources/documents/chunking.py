"""Semantic chunks: consecutive elements of one section, packed up to a size limit.

A chunk never crosses a section boundary, so a retrieved chunk always speaks about one
heading path. A section's heading opens the first chunk of its own content (it is the
best one-line summary of that content). An element longer than the limit is split at
sentence boundaries (code at line boundaries); a sentence or line longer than the limit
is cut at whitespace as a last resort.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from taskspace.sources.documents.model import DocElement, ElementKind, ParsedDocument
from taskspace.sources.documents.sentences import split_sentences

DEFAULT_CHUNK_CHARS = 1000
"""About 200 word pieces for English prose: inside all-MiniLM-L6-v2's 256-token window."""

JOINER = "\n\n"


@dataclass(frozen=True)
class Piece:
    """Text of one element (all of it, or one part of a split element)."""

    position: int
    kind: ElementKind
    text: str


@dataclass
class Chunk:
    index: int
    pieces: list[Piece] = field(default_factory=list)
    heading_path: list[str] = field(default_factory=list)
    page: int | None = None

    @property
    def text(self) -> str:
        return JOINER.join(piece.text for piece in self.pieces)

    @property
    def positions(self) -> list[int]:
        """Positions of the elements this chunk covers, in reading order, once each."""
        return list(dict.fromkeys(piece.position for piece in self.pieces))


def split_text(text: str, limit: int, *, code: bool = False) -> list[str]:
    """``text`` in parts of at most ``limit`` characters, cut at sentence or line ends."""
    text = text.strip("\n") if code else text.strip()  # indentation is part of code
    if len(text) <= limit:
        return [text] if text.strip() else []
    units = text.splitlines() if code else split_sentences(text)
    separator = "\n" if code else " "
    parts: list[str] = []
    current = ""
    for unit in (piece for line in units for piece in _hard_wrap(line, limit)):
        candidate = f"{current}{separator}{unit}" if current else unit
        if len(candidate) <= limit:
            current = candidate
            continue
        if current.strip():
            parts.append(current.strip("\n") if code else current.strip())
        current = unit
    if current.strip():
        parts.append(current.strip("\n") if code else current.strip())
    return parts


def _hard_wrap(unit: str, limit: int) -> list[str]:
    """A unit longer than the limit, cut at the last whitespace before it (or at it)."""
    out: list[str] = []
    while len(unit) > limit:
        cut = unit.rfind(" ", 0, limit + 1)
        cut = cut if cut > limit // 2 else limit
        out.append(unit[:cut].rstrip())
        unit = unit[cut:].lstrip()
    if unit:
        out.append(unit)
    return out


def section_path(element: DocElement) -> list[str]:
    """Heading path of a section's content: its enclosing titles plus its own."""
    path = list(element.heading_path)
    title = element.text.strip()
    if title and (not path or path[-1] != title):
        path.append(title)
    return path


def _group_key(element: DocElement) -> int | None:
    """The section an element's text belongs to; a heading belongs to its own section."""
    return element.position if element.kind is ElementKind.SECTION else element.parent


def chunk_document(document: ParsedDocument, limit: int = DEFAULT_CHUNK_CHARS) -> list[Chunk]:
    """Chunks in reading order, numbered from 0."""
    if limit < 50:
        raise ValueError("chunk size must be at least 50 characters")
    chunks: list[Chunk] = []
    current: Chunk | None = None
    current_key: int | None = None
    for element in document.elements:
        key = _group_key(element)
        code = element.kind is ElementKind.CODE
        for part in split_text(element.text, limit, code=code):
            piece = Piece(element.position, element.kind, part)
            if current is not None and current_key == key and _fits(current, part, limit):
                current.pieces.append(piece)
                continue
            current = Chunk(
                index=len(chunks),
                pieces=[piece],
                heading_path=_chunk_heading_path(element),
                page=element.page,
            )
            current_key = key
            chunks.append(current)
    return chunks


def _fits(chunk: Chunk, text: str, limit: int) -> bool:
    return len(chunk.text) + len(JOINER) + len(text) <= limit


def _chunk_heading_path(element: DocElement) -> list[str]:
    if element.kind is ElementKind.SECTION:
        return section_path(element)
    return list(element.heading_path)
