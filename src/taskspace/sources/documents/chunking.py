"""Semantic chunks: consecutive elements of one section, packed up to a size limit.

The text of a section (its heading and the elements directly under it, not its subsections)
is a *block*. A block that fits the limit is packed with the blocks after it while all of
them fit: consecutive sibling sections under one parent, which the parent's own heading and
introduction may open. A chunk never crosses into another parent's sections, so every
section it covers shares one enclosing heading path, and it records each section's full
path (``heading_paths``): a FAQ, an API reference or a changelog of many short sections
becomes a few chunks of whole sections instead of one tiny chunk per section. A block
larger than the limit is chunked alone, as before packing existed: a section's heading
opens the first chunk of its own content (it is the best one-line summary of that
content); an element longer than the limit is split at sentence boundaries (code at line
boundaries); a sentence or line longer than the limit is cut at whitespace as a last
resort.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from taskspace.sources.documents.model import DocElement, ElementKind, ParsedDocument
from taskspace.sources.documents.sentences import split_sentences

DEFAULT_CHUNK_CHARS = 1000
"""About 200 word pieces for English prose: inside all-MiniLM-L6-v2's 256-token window."""

JOINER = "\n\n"

PATH_JOINER = " > "
"""Between the titles of a heading path where the graph stores it as one string
(``Chunk.heading_paths``: Neo4j keeps no list of lists)."""


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
    """Where the chunk begins: the heading path of its first section."""
    heading_paths: list[list[str]] = field(default_factory=list)
    """The heading path of every section whose text the chunk holds, in reading order
    (text before the first heading has none)."""
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


@dataclass
class _Block:
    """The pieces of one section's own text (heading and direct content), in reading order."""

    section: int | None
    parent: int | None
    heading_path: list[str]
    page: int | None
    pieces: list[Piece]

    @property
    def size(self) -> int:
        return len(JOINER.join(piece.text for piece in self.pieces))


def _blocks(document: ParsedDocument, limit: int) -> list[_Block]:
    """Maximal runs of elements of one section, each split into pieces of the limit."""
    parents = {e.position: e.parent for e in document.elements if e.kind is ElementKind.SECTION}
    blocks: list[_Block] = []
    for element in document.elements:
        key = _group_key(element)
        parts = split_text(element.text, limit, code=element.kind is ElementKind.CODE)
        pieces = [Piece(element.position, element.kind, part) for part in parts]
        if not pieces:
            continue
        if blocks and blocks[-1].section == key:
            blocks[-1].pieces += pieces
            continue
        parent = parents.get(key) if key is not None else None
        path = _chunk_heading_path(element)
        blocks.append(_Block(key, parent, path, element.page, pieces))
    return blocks


def chunk_document(
    document: ParsedDocument, limit: int = DEFAULT_CHUNK_CHARS, *, pack: bool = True
) -> list[Chunk]:
    """Chunks in reading order, numbered from 0; ``pack=False`` gives one section's text
    per chunk at most (the chunking before packing, kept for measuring the difference)."""
    if limit < 50:
        raise ValueError("chunk size must be at least 50 characters")
    chunks: list[Chunk] = []
    scope: set[int | None] = set()  # parents a block may have to join the last chunk
    for block in _blocks(document, limit):
        last = chunks[-1] if chunks else None
        if pack and last is not None and block.parent in scope and _fits(last, block, limit):
            last.pieces += block.pieces
            if block.heading_path:
                last.heading_paths.append(block.heading_path)
            scope = {block.parent}  # once a sibling joined, only its siblings may follow
            continue
        small = block.size <= limit
        for number, piece in enumerate(block.pieces):
            if number and _fits_piece(chunks[-1], piece.text, limit):
                chunks[-1].pieces.append(piece)
                continue
            chunks.append(
                Chunk(
                    index=len(chunks),
                    pieces=[piece],
                    heading_path=list(block.heading_path),
                    heading_paths=[list(block.heading_path)] if block.heading_path else [],
                    page=block.page,
                )
            )
        scope = {block.parent, block.section} if small else set()
    return chunks


def _fits(chunk: Chunk, block: _Block, limit: int) -> bool:
    return len(chunk.text) + len(JOINER) + block.size <= limit


def _fits_piece(chunk: Chunk, text: str, limit: int) -> bool:
    return len(chunk.text) + len(JOINER) + len(text) <= limit


def _chunk_heading_path(element: DocElement) -> list[str]:
    if element.kind is ElementKind.SECTION:
        return section_path(element)
    return list(element.heading_path)
