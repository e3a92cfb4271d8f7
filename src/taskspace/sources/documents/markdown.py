"""Markdown (CommonMark plus tables) with YAML front matter, via markdown-it-py tokens.

Front matter is where specs such as EIPs keep their title, authors and dependencies
(``requires: 2718, 2930``); those become the document's metadata and its ``related`` list,
alongside links to sibling Markdown files.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, datetime, time
from pathlib import Path, PurePosixPath
from typing import Any
from urllib.parse import urlsplit

import yaml
from bs4 import BeautifulSoup, UnicodeDammit
from bs4.element import Tag
from markdown_it import MarkdownIt
from markdown_it.token import Token

from taskspace.core.binary import binary_reason
from taskspace.sources.documents.html import table_element as html_table
from taskspace.sources.documents.model import DocElement, ElementKind, ParsedDocument
from taskspace.sources.documents.references import split_heading_number

_WIDE_BOMS = (
    (b"\xff\xfe\x00\x00", "utf-32"),
    (b"\x00\x00\xfe\xff", "utf-32"),
    (b"\xff\xfe", "utf-16"),
    (b"\xfe\xff", "utf-16"),
)
"""Byte-order marks of wide encodings (UTF-32's first: it starts like UTF-16's), each codec
reading and dropping its mark."""
_FRONT_MATTER = re.compile(
    r"\A---[ \t]*\r?\n(?P<body>.*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|\Z)", re.S
)
_SPEC_PREFIXES = ("eip", "erc", "bip", "pep", "rfc", "nip", "rip", "cip", "tip", "sip")
_AUTHOR_NOISE = re.compile(r"<[^>]*>|\([^)]*\)|\[[^\]]*\]")
_MARKDOWN_SUFFIXES = (".md", ".markdown")


def parse_markdown(path: Path) -> ParsedDocument:
    """Elements, front-matter metadata, title, authors and related documents of a Markdown file."""
    text = read_text(path)
    metadata, body = split_front_matter(text)
    elements = parse_body(body)
    title = str(metadata.get("title") or "").strip()
    opening = opening_heading(elements)
    if opening is not None and (not title or elements[opening].text == title):
        title = elements[opening].text
        del elements[opening]  # the document's own title, not a section of it
    related = _requires(metadata, path) + [
        link for element in elements for link in local_markdown_targets(element.links)
    ]
    return ParsedDocument(
        path=str(path),
        format="markdown",
        title=title or file_title(path),
        authors=split_authors(metadata.get("author", metadata.get("authors"))),
        metadata=metadata,
        related=list(dict.fromkeys(related)),
        elements=elements,
        source_chars=len(body.strip()),
    )


_LEAD_CHARS = 300
"""Badges, a logo and a one-line tag line may come before a README's title heading."""
_GENERIC_STEMS = frozenset({"readme", "index", "main", "home", "document", "doc", "docs"})


def opening_heading(elements: list[DocElement]) -> int | None:
    """The index of the heading that titles the document, or None.

    It is the document's first heading and no heading outranks it; before it come only
    figures, badges and a short line, or it is an explicit ``#`` heading that no other
    ``#`` heading ties (news lines may stand above a README's ``# Title``). A README whose
    only ``#`` heading is its closing "Citation" has none: that heading names its last
    section, not the document.

    A first heading that only ties the document's other top headings titles it when it
    opens the file (figures aside). After text it is the first section: a Rust RFC opens
    with a list of its feature name and dates, then "## Summary", "## Motivation" (a few
    older ones "# Summary"), and "Summary" is no title: every such RFC would be called so.
    """
    sections = [e.level or 1 for e in elements if e.kind is ElementKind.SECTION]
    if not sections:
        return None
    lead = 0
    for index, element in enumerate(elements):
        if element.kind is ElementKind.SECTION:
            level = element.level or 1
            top = level == min(sections)
            ties = sections.count(level) > 1
            if ties and any(e.kind is not ElementKind.FIGURE for e in elements[:index]):
                return None
            return index if top and (level == 1 or lead <= _LEAD_CHARS) else None
        if element.kind in {ElementKind.TABLE, ElementKind.CODE}:
            lead += _LEAD_CHARS + 1
        else:
            lead += len(element.text)
    return None


def file_title(path: Path) -> str:
    """A title from the file's name; a generic one ("README.md") names its folder."""
    if path.stem.lower() in _GENERIC_STEMS and path.parent.name:
        return path.parent.name
    return path.stem


PIECE_CHARS = 1_000_000
"""Markdown longer than this is parsed piece by piece, cut before a heading."""
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_ATX_HEADING = re.compile(r"^#{1,6}(?:[ \t]|$)")


def parse_body(body: str, piece_chars: int = PIECE_CHARS) -> list[DocElement]:
    """Elements of the Markdown text; a long text is parsed in pieces of about ``piece_chars``.

    markdown-it keeps a token object per syntax event, several per line: a 50 MB file held
    well over a gigabyte of tokens at once. Cut before headings outside code fences, each
    piece's tokens are dropped once its elements are out. Link reference definitions are
    shared forward through markdown-it's ``env`` (a definition after its use in a later
    piece of a very large file is the one case that reads differently).
    """
    parser = MarkdownIt("commonmark").enable("table")
    env: dict[str, Any] = {}
    elements: list[DocElement] = []
    for piece in split_pieces(body, piece_chars):
        elements.extend(_Walker().walk(parser.parse(piece, env)))
    return elements


def split_pieces(text: str, piece_chars: int) -> list[str]:
    """``text`` cut before ATX headings (outside fenced code) into pieces >= ``piece_chars``."""
    if len(text) <= piece_chars:
        return [text]
    pieces: list[str] = []
    current: list[str] = []
    size = 0
    fence: str | None = None
    for line in text.splitlines(keepends=True):
        opening = _FENCE.match(line)
        if fence is None and opening:
            fence = opening.group(1)[0] * 3
        elif fence is not None and line.lstrip(" ").startswith(fence):
            fence = None
        elif fence is None and size >= piece_chars and _ATX_HEADING.match(line):
            pieces.append("".join(current))
            current, size = [], 0
        current.append(line)
        size += len(line)
    if current:
        pieces.append("".join(current))
    return pieces


def read_text(path: Path) -> str:
    """The file as text: UTF-8, else its detected legacy encoding (Windows-1252, Latin-1 ...).

    A binary file is refused by the rule every text input shares (:func:`binary_reason`: NUL
    or control bytes; none of 482 real Markdown files on the machine trips it); text with a
    UTF-16/32 byte-order mark, which that rule lets through, is decoded by its mark.
    """
    raw = path.read_bytes()
    binary = binary_reason(raw)
    if binary is not None:
        raise ValueError(f"not a text file ({binary})")
    codec = next((codec for bom, codec in _WIDE_BOMS if raw.startswith(bom)), None)
    if codec is not None:
        try:
            return raw.decode(codec)
        except UnicodeDecodeError as error:
            raise ValueError(f"not {codec.upper()} text (byte {error.start})") from error
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        dammit = UnicodeDammit(raw, ["windows-1252"])
        if dammit.unicode_markup is None:
            reason = f"not UTF-8 text (byte {error.start}) nor any detectable encoding"
            raise ValueError(reason) from error
        return str(dammit.unicode_markup)


def split_front_matter(text: str) -> tuple[dict[str, Any], str]:
    """(JSON-safe front matter, the Markdown after it); a file without front matter gives {}."""
    match = _FRONT_MATTER.match(text)
    if match is None:
        return {}, text
    body = match.group("body")
    try:
        loaded = yaml.safe_load(body)
    except yaml.YAMLError:
        loaded = None  # unquoted colons are common in hand-written headers: read key: value lines
    if not isinstance(loaded, dict):
        loaded = dict(
            (key.strip(), value.strip())
            for key, sep, value in (line.partition(":") for line in body.splitlines())
            if sep and key.strip() and not key.startswith((" ", "\t", "#"))
        )
    return {str(key): json_safe(value) for key, value in loaded.items()}, text[match.end() :]


def json_safe(value: Any) -> Any:
    """YAML values as JSON values: dates become ISO strings, anything exotic becomes a string."""
    if isinstance(value, datetime | date | time):
        return value.isoformat()
    if isinstance(value, dict):
        return {str(key): json_safe(item) for key, item in value.items()}
    if isinstance(value, list | tuple | set):
        return [json_safe(item) for item in value]
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)


def split_authors(value: Any) -> list[str]:
    """Names from "A (@a), B <b@x.org>" or a YAML list, without handles or e-mail addresses."""
    if value is None:
        return []
    items = value if isinstance(value, list) else [value]
    names: list[str] = []
    for item in items:
        for part in re.split(r",|;|\band\b", _AUTHOR_NOISE.sub("", str(item))):
            name = " ".join(part.split())
            if name and name not in names:
                names.append(name)
    return names


def local_markdown_targets(links: list[str]) -> list[str]:
    """Stems of relative links to Markdown files: './eip-2718.md#spec' -> 'eip-2718'."""
    targets = []
    for link in links:
        parts = urlsplit(link)
        if parts.scheme or parts.netloc or not parts.path.lower().endswith(_MARKDOWN_SUFFIXES):
            continue
        targets.append(PurePosixPath(parts.path).stem.lower())
    return targets


def _requires(metadata: dict[str, Any], path: Path) -> list[str]:
    """Front-matter ``requires`` as document ids: 2718 in an EIP becomes 'eip-2718'."""
    value = metadata.get("requires")
    if value is None:
        return []
    items = value if isinstance(value, list) else re.split(r"[,\s]+", str(value))
    prefix = next((key for key in _SPEC_PREFIXES if key in metadata), None)
    if prefix is None:
        stem = re.match(r"([a-z]+)-\d+", path.stem.lower())
        prefix = stem.group(1) if stem else None
    related = []
    for item in items:
        name = str(item).strip().lower()
        if name:
            related.append(f"{prefix}-{name}" if prefix and name.isdigit() else name)
    return related


@dataclass
class _Item:
    """A list item being collected: its paragraphs arrive as separate tokens."""

    index: int
    parts: list[str] = field(default_factory=list)
    links: list[str] = field(default_factory=list)


class _Walker:
    """Turns the flat markdown-it token stream into elements in reading order."""

    def __init__(self) -> None:
        self.elements: list[DocElement] = []
        self.items: list[_Item] = []

    def walk(self, tokens: list[Token]) -> list[DocElement]:
        index = 0
        while index < len(tokens):
            index = self._step(tokens, index)
        return [e for e in self.elements if e.text or e.kind is ElementKind.CODE]

    def _add(self, kind: ElementKind, text: str, **fields: Any) -> None:
        self.elements.append(
            DocElement(kind=kind, position=len(self.elements), text=text, **fields)
        )

    def _step(self, tokens: list[Token], index: int) -> int:
        token = tokens[index]
        if token.type == "heading_open":
            text, links = inline_text(tokens[index + 1])
            number, title = split_heading_number(text)
            self._add(
                ElementKind.SECTION, title, level=int(token.tag[1:]), number=number, links=links
            )
            return index + 3
        if token.type == "paragraph_open":
            self._paragraph(tokens[index + 1])
            return index + 3
        if token.type == "list_item_open":
            self.items.append(_Item(index=len(self.elements)))
            self._add(ElementKind.LIST_ITEM, "")
        elif token.type == "list_item_close":
            item = self.items.pop()
            self.elements[item.index] = self.elements[item.index].model_copy(
                update={"text": "\n".join(item.parts), "links": item.links}
            )
        elif token.type in {"fence", "code_block"}:
            language = token.info.strip().split()[0] if token.info.strip() else None
            self._add(ElementKind.CODE, token.content.rstrip("\n"), language=language)
        elif token.type == "table_open":
            return self._table(tokens, index)
        elif token.type == "html_block":
            self._html_block(token.content)
        return index + 1

    def _html_block(self, content: str) -> None:
        """Raw HTML: a block that is only a heading (``<h1 align="center">PEFT</h1>``, as
        READMEs centre their title) is a heading; anything else is a paragraph."""
        soup = BeautifulSoup(content, "lxml")
        for br in soup.find_all("br"):
            br.replace_with(" ")
        table = soup.find("table")
        if isinstance(table, Tag):
            found = html_table(table)
            self.elements.append(found.model_copy(update={"position": len(self.elements)}))
            return
        links = [str(a["href"]) for a in soup.find_all("a", href=True)]
        text = " ".join(soup.get_text(" ").split())
        heading = soup.find(["h1", "h2", "h3", "h4", "h5", "h6"])
        if heading is not None and " ".join(heading.get_text(" ").split()) == text and text:
            number, title = split_heading_number(text)
            self._add(ElementKind.SECTION, title, level=int(heading.name[1]), number=number)
            return
        self._add(ElementKind.PARAGRAPH, text, links=links)

    def _paragraph(self, inline: Token) -> None:
        text, links = inline_text(inline)
        if self.items:
            self.items[-1].parts.append(text)
            self.items[-1].links.extend(links)
            return
        children = [c for c in inline.children or [] if c.type not in {"softbreak", "hardbreak"}]
        if len(children) == 1 and children[0].type == "image":
            self._add(ElementKind.FIGURE, text, caption=text or None, links=links)
        else:
            self._add(ElementKind.PARAGRAPH, text, links=links)

    def _table(self, tokens: list[Token], index: int) -> int:
        rows: list[list[str]] = []
        links: list[str] = []
        while tokens[index].type != "table_close":
            token = tokens[index]
            if token.type == "tr_open":
                rows.append([])
            elif token.type == "inline" and rows:
                cell, cell_links = inline_text(token)
                rows[-1].append(cell)
                links.extend(cell_links)
            index += 1
        text = "\n".join(" | ".join(row) for row in rows)
        self._add(ElementKind.TABLE, text, rows=rows, links=links)
        return index + 1


def inline_text(token: Token) -> tuple[str, list[str]]:
    """Plain text and link targets of an inline token (code spans keep their content)."""
    parts: list[str] = []
    links: list[str] = []
    for child in token.children or []:
        if child.type in {"text", "code_inline"}:
            parts.append(child.content)
        elif child.type == "softbreak":
            parts.append(" ")
        elif child.type == "hardbreak":
            parts.append("\n")
        elif child.type == "link_open" and child.attrs.get("href"):
            links.append(str(child.attrs["href"]))
        elif child.type == "image":
            parts.append(child.content)
            if child.attrs.get("src"):
                links.append(str(child.attrs["src"]))
    return "".join(parts).strip(), links
