"""Plain-text documents inside HTML ``<pre>`` pages (IETF drafts and RFCs rendered by rfcmarkup).

The text is laid out as on paper: one ``<pre>`` per page with running headers and footers,
headings marked by ``<span class="h2">`` (or only by sitting at column 0), a dotted table of
contents, indented examples. This module rebuilds the logical document: pages joined,
headers and the table of contents dropped, paragraphs split across pages put back together.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from bs4.element import NavigableString, Tag

from taskspace.sources.documents.model import DocElement, ElementKind
from taskspace.sources.documents.references import split_heading_number

_HEADING_CLASSES = {f"h{n}": n for n in range(1, 7)}
_PAGE_FOOTER = re.compile(r"\[Page \d+\]\s*$")
_TOC_LEADER = re.compile(r"\.{3,}\s*\d+\s*$")
_BULLET = re.compile(r"^(?:[*\-+o•]|\d{1,2}[.)]|[a-z][.)])\s+")
_TOC_TITLES = {"table of contents", "contents"}
_OPENS_DATA = re.compile(r"^\s*[{\[]\s*$")  # a JSON example at body indent


@dataclass
class _Line:
    text: str = ""
    heading: int | None = None
    links: list[str] = field(default_factory=list)
    page_break: bool = False

    @property
    def indent(self) -> int:
        return len(self.text) - len(self.text.lstrip(" "))


@dataclass
class _Block:
    lines: list[_Line]
    after_page_break: bool


def is_preformatted_document(root: Tag) -> bool:
    """True when the content is <pre> text with heading spans, as rfcmarkup writes it."""
    for pre in root.find_all("pre"):
        if pre.find("span", class_=lambda c: c in _HEADING_CLASSES) is not None:
            return True
    return False


def preformatted_elements(root: Tag) -> list[DocElement]:
    """Sections, paragraphs, list items and code from the document's <pre> pages."""
    pres = [pre for pre in root.find_all("pre") if pre.find_parent("pre") is None]
    lines = _lines(pres)
    title_at = next((i for i, line in enumerate(lines) if line.heading == 1), None)
    if title_at is not None:
        lines = lines[title_at + 1 :]  # the front page header and the title itself
    blocks = _blocks(lines)
    indents = Counter(b.lines[0].indent for b in blocks if _heading_level(b) is None)
    body_indent = indents.most_common(1)[0][0] if indents else 3
    elements: list[DocElement] = []
    in_toc = False
    for block in blocks:
        first = block.lines[0]
        heading = _heading_level(block)
        if heading is not None:
            number, title = split_heading_number(first.text.strip())
            in_toc = title.lower() in _TOC_TITLES
            if not in_toc:
                elements.append(_make(ElementKind.SECTION, title, level=heading, number=number))
            continue
        if in_toc:
            continue
        kind = _kind(block, body_indent)
        previous = elements[-1] if elements else None
        if previous is not None and _continues(previous, kind, block):
            joined = _join(previous.text, block.lines, previous.kind)
            elements[-1] = previous.model_copy(
                update={"text": joined, "links": previous.links + _links(block.lines)}
            )
            continue
        elements.extend(_elements(kind, block))
    return elements


def _lines(pres: list[Tag]) -> list[_Line]:
    """The pages' text as lines, running headers and footers left out."""
    lines = [_Line()]

    def emit(text: str) -> None:
        first, *rest = text.split("\n")
        lines[-1].text += first
        lines.extend(_Line(text=piece) for piece in rest)

    def visit(node: Tag) -> None:
        """Depth first in document order, with a stack of its own (no recursion limit)."""
        stack = [iter(node.children)]
        while stack:
            child = next(stack[-1], None)
            if child is None:
                stack.pop()
                continue
            if isinstance(child, NavigableString):
                emit(str(child))
                continue
            if not isinstance(child, Tag):
                continue
            classes = set(child.get("class") or [])
            if "grey" in classes or "invisible" in classes:
                continue  # running header/footer, page anchors
            level = next((_HEADING_CLASSES[c] for c in classes if c in _HEADING_CLASSES), None)
            if level is not None:
                lines[-1].heading = level
            elif child.name == "a" and child.get("href") and "selflink" not in classes:
                lines[-1].links.append(str(child["href"]))
            stack.append(iter(child.children))

    for pre in pres:
        if lines[-1].text.strip():
            lines.append(_Line())
        lines[-1].page_break = True
        visit(pre)
        lines.append(_Line())
    return [
        line if not _PAGE_FOOTER.search(line.text) else _Line(page_break=line.page_break)
        for line in lines
    ]


def _blocks(lines: list[_Line]) -> list[_Block]:
    """Runs of non-blank lines; a heading line is always a block of its own."""
    blocks: list[_Block] = []
    current: list[_Line] = []
    after_break = False

    def flush() -> None:
        nonlocal current, after_break
        if current:
            blocks.append(_Block(current, after_break))
            after_break = False
        current = []

    for line in lines:
        if line.page_break:
            flush()
            after_break = True
        if not line.text.strip() or _TOC_LEADER.search(line.text):
            flush()
        elif line.heading is not None:
            flush()
            current = [line]
            flush()
        else:
            current.append(line)
    flush()
    return blocks


def _heading_level(block: _Block) -> int | None:
    """A marked heading span, or a lone short line at column 0 ("Abstract")."""
    first = block.lines[0]
    if first.heading is not None:
        return first.heading
    text = first.text.rstrip()
    if (
        len(block.lines) == 1
        and first.indent == 0
        and 0 < len(text) < 70
        and text[0].isupper()
        and not text.endswith((".", ",", ";", ":"))
    ):
        return 2
    return None


def _kind(block: _Block, body_indent: int) -> ElementKind:
    first = block.lines[0]
    if _BULLET.match(first.text.strip()):
        return ElementKind.LIST_ITEM
    if first.indent >= body_indent + 3 or _OPENS_DATA.match(first.text):
        return ElementKind.CODE
    return ElementKind.PARAGRAPH


def _elements(kind: ElementKind, block: _Block) -> list[DocElement]:
    if kind is ElementKind.LIST_ITEM:
        items: list[list[_Line]] = []
        for line in block.lines:
            if _BULLET.match(line.text.strip()) or not items:
                items.append([line])
            else:
                items[-1].append(line)
        return [
            _make(
                kind,
                _join("", [_Line(_BULLET.sub("", item[0].text.strip())), *item[1:]], kind),
                links=_links(item),
            )
            for item in items
        ]
    return [_make(kind, _join("", block.lines, kind), links=_links(block.lines))]


def _continues(previous: DocElement, kind: ElementKind, block: _Block) -> bool:
    """Examples split by blank lines stay one code block; prose broken by a page break rejoins."""
    if kind is ElementKind.CODE and previous.kind is ElementKind.CODE:
        return True
    return (
        block.after_page_break
        and kind is not ElementKind.LIST_ITEM
        and previous.kind in {ElementKind.PARAGRAPH, ElementKind.LIST_ITEM}
        and not previous.text.rstrip().endswith((".", ":", "!", "?"))
    )


def _join(before: str, lines: list[_Line], kind: ElementKind) -> str:
    if kind is ElementKind.CODE:
        indent = lines[0].indent  # wrapped example lines may start at column 0
        body = "\n".join(line.text[min(indent, line.indent) :].rstrip() for line in lines)
        return f"{before}\n\n{body}" if before else body
    text = before
    for line in lines:
        piece = line.text.strip()
        if not text:
            text = piece
        elif text.endswith("-") and text[-2:-1].isalpha():
            text += piece  # "Internet-" + "Drafts": the hyphen is real in RFC text
        else:
            text += " " + piece
    return text


def _links(lines: list[_Line]) -> list[str]:
    return list(dict.fromkeys(link for line in lines for link in line.links))


def _make(kind: ElementKind, text: str, **fields: Any) -> DocElement:
    return DocElement(kind=kind, position=0, text=text, **fields)
