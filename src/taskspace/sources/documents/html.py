"""HTML documents via BeautifulSoup + lxml: the main content only, never the navigation chrome.

Two shapes are handled. Ordinary pages are walked block by block (headings, paragraphs, list
items, code, tables, figures). Plain-text documents published as HTML, such as IETF drafts
rendered by rfcmarkup, keep their whole text inside ``<pre>`` page blocks with the section
headings as ``<span class="h2">``; :mod:`taskspace.sources.documents.html_pre` reads those, so that
numbered sections still come out as sections.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bs4 import BeautifulSoup, UnicodeDammit
from bs4.element import NavigableString, Tag

from taskspace.core.binary import binary_reason
from taskspace.sources.documents.html_chrome import main_content, strip_chrome, visible_chars
from taskspace.sources.documents.html_depth import cap_depth
from taskspace.sources.documents.html_pre import is_preformatted_document, preformatted_elements
from taskspace.sources.documents.model import DocElement, ElementKind, ParsedDocument
from taskspace.sources.documents.references import caption_kind, split_heading_number
from taskspace.sources.documents.table_shape import compose_header

HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}
_BLOCKS = HEADINGS | {
    "p",
    "ul",
    "ol",
    "li",
    "pre",
    "table",
    "figure",
    "img",
    "dl",
    "dt",
    "dd",
    "blockquote",
    "div",
    "section",
    "article",
    "main",
    "hr",
    "form",
    "fieldset",
    "details",
    "summary",
    "address",
    "header",
    "footer",
    "tbody",
    "thead",
    "tfoot",
    "tr",
    "td",
    "th",
}
_PERMALINK = re.compile(r"[\ue000-\uf8ff¶#]+\s*$")  # icon glyphs of "link to this heading"
_EDIT_LINK = re.compile(r"\s*\[\s*edit(?:\s+source)?\s*\]\s*$", re.I)
_SITE_SUFFIX = re.compile(r"^\s+[-|\u2013\u2014:\u00b7]\s+\S")
_TITLE_METAS = ("dc.title", "citation_title", "og:title", "dcterms.title")
_AUTHOR_METAS = ("author", "dc.creator", "citation_author", "dcterms.creator", "article:author")
_LANGUAGE_CLASS = re.compile(r"^(?:language|lang|highlight|sourceCode)-(?P<language>[\w+#-]+)$")


def parse_html(path: Path) -> ParsedDocument:
    """Elements, title, authors and <meta> values of one HTML file."""
    capped = cap_depth(decode_html(path.read_bytes()))
    soup = BeautifulSoup(capped.text, "lxml")
    if soup.find(["html", "body", "p", "div", "pre"]) is None:
        raise ValueError("no HTML content found")
    metadata = meta_values(soup)
    for br in soup.find_all("br"):
        br.replace_with("\n")
    source_chars = visible_chars(soup)
    strip_chrome(soup)
    root = main_content(soup)
    title = _title(soup, metadata)
    if is_preformatted_document(root):
        elements = preformatted_elements(root)
    else:
        elements = list(_Walker().elements(root))
    if title is None:
        first = next((e for e in elements if e.kind is ElementKind.SECTION), None)
        title = first.text if first else path.stem
    tops = [i for i, e in enumerate(elements) if e.kind is ElementKind.SECTION and e.level == 1]
    if len(tops) == 1 and elements[tops[0]].text == title:
        del elements[tops[0]]  # the page's own title, not a section of it
    return ParsedDocument(
        path=str(path),
        format="html",
        title=title,
        authors=_authors(metadata),
        metadata=metadata,
        elements=elements,
        source_chars=source_chars,
        notes=[capped.note] if capped.note else [],
    )


def decode_html(raw: bytes) -> str:
    """The page as text: its declared or detected encoding (a Windows-1252 page loads too).

        BeautifulSoup's UnicodeDammit tries the byte-order mark, the <meta charset>, UTF-8, then
        charset detection; binary content (NUL or control bytes, :func:`binary_reason`) is
    refused with a reason instead.
    """
    binary = binary_reason(raw)
    if binary is not None:
        raise ValueError(f"not an HTML file ({binary})")
    dammit = UnicodeDammit(raw, ["utf-8", "windows-1252"], is_html=True)
    if dammit.unicode_markup is None:
        raise ValueError("not text in any encoding that could be detected")
    return str(dammit.unicode_markup)


def meta_values(soup: BeautifulSoup) -> dict[str, Any]:
    """<meta name|property=... content=...> pairs; a name given several times keeps a list."""
    values: dict[str, Any] = {}
    for meta in soup.find_all("meta"):
        name = meta.get("name") or meta.get("property")
        content = meta.get("content")
        if not name or content is None:
            continue
        key, text = str(name), " ".join(str(content).split())
        if key in values:
            previous = values[key]
            values[key] = [*previous, text] if isinstance(previous, list) else [previous, text]
        else:
            values[key] = text
    title = soup.find("title")
    if title is not None and title.get_text(strip=True):
        values["html_title"] = " ".join(title.get_text().split())
    return values


def text_of(tag: Tag) -> str:
    return " ".join(tag.get_text().split())


def links_of(tag: Tag) -> list[str]:
    hrefs = [str(a["href"]).strip() for a in tag.find_all("a", href=True)]
    if tag.name == "a" and tag.get("href"):
        hrefs.insert(0, str(tag["href"]).strip())
    return [h for h in dict.fromkeys(hrefs) if h and not h.lower().startswith("javascript:")]


def _title(soup: BeautifulSoup, metadata: dict[str, Any]) -> str | None:
    lowered = {key.lower(): value for key, value in metadata.items()}
    h1 = soup.find("h1") or soup.find(class_="h1")
    heading = heading_text(h1) if isinstance(h1, Tag) else ""
    for name in _TITLE_METAS:
        value = lowered.get(name)
        if value:
            return _without_site_name(str(value[0] if isinstance(value, list) else value), heading)
    if heading:
        return heading
    html_title = metadata.get("html_title")
    return _without_site_name(str(html_title), heading) if html_title else None


def _without_site_name(title: str, heading: str) -> str:
    """A title "Circular buffer - Wikipedia" is "Circular buffer" when the <h1> says so."""
    suffix = title[len(heading) :] if heading and title.startswith(heading) else ""
    return heading if suffix and _SITE_SUFFIX.match(suffix) else title


def heading_text(tag: Tag) -> str:
    """A heading's words without its permalink glyph or a wiki's "[edit]" link."""
    text = _EDIT_LINK.sub("", text_of(tag))
    return _PERMALINK.sub("", text).strip()


def _authors(metadata: dict[str, Any]) -> list[str]:
    """Authors from the first author-like <meta> present; "Kooman, F." stays one name."""
    lowered = {key.lower(): value for key, value in metadata.items()}
    for name in _AUTHOR_METAS:
        value = lowered.get(name)
        if not value:
            continue
        if isinstance(value, list):
            return [str(v) for v in value if str(v).strip()]
        parts = [p.strip() for p in re.split(r";|\band\b|,", str(value)) if p.strip()]
        if all(" " in part for part in parts):
            return parts
        return [p.strip() for p in re.split(r";|\band\b", str(value)) if p.strip()]
    return []


def _is_toc_list(tag: Tag) -> bool:
    """A list whose every item is only an in-page anchor link: a table of contents."""
    items = tag.find_all("li", recursive=False)
    if len(items) < 3:
        return False
    for item in items:
        anchors = item.find_all("a", href=True)
        if not anchors or not all(str(a["href"]).startswith("#") for a in anchors):
            return False
        if len(text_of(item)) > 2 * sum(len(text_of(a)) for a in anchors) + 10:
            return False
    return True


def _code_language(tag: Tag) -> str | None:
    code = tag.find("code")
    for node in (tag, code) if isinstance(code, Tag) else (tag,):
        for name in node.get("class") or []:
            match = _LANGUAGE_CLASS.match(name)
            if match:
                return match.group("language")
    return None


@dataclass(frozen=True)
class _Descend:
    """A request to the walker's driver: run this nested walk next (instead of recursing)."""

    steps: Iterator[DocElement | _Descend]


_Step = DocElement | _Descend
"""What a walking generator yields: an element, or a nested walk to run first."""


class _Walker:
    """Emits elements in document order; inline runs between blocks become paragraphs.

    Nested blocks are not walked by recursion: the generators yield a :class:`_Descend`
    and :meth:`elements` keeps the stack itself, so 500 nested <div>s cost 500 list entries,
    not 1,500 Python frames (a real page can nest deeper than the interpreter allows).
    """

    def elements(self, root: Tag) -> Iterator[DocElement]:
        stack: list[Iterator[_Step]] = [self.walk(root)]
        while stack:
            try:
                item = next(stack[-1])
            except StopIteration:
                stack.pop()
                continue
            if isinstance(item, _Descend):
                stack.append(item.steps)
            else:
                yield item

    def walk(self, node: Tag) -> Iterator[_Step]:
        run: list[Any] = []
        for child in node.children:
            if isinstance(child, NavigableString):
                run.append(child)
            elif isinstance(child, Tag):
                if child.name in _BLOCKS or child.find(_BLOCKS) is not None:
                    yield from self._run(run)
                    run = []
                    yield _Descend(self._block(child))
                else:
                    run.append(child)
        yield from self._run(run)

    def _run(self, run: list[Any]) -> Iterator[DocElement]:
        text = " ".join(
            "".join(str(n) if isinstance(n, str) else n.get_text() for n in run).split()
        )
        if text:
            links = [link for n in run if isinstance(n, Tag) for link in links_of(n)]
            yield _element(ElementKind.PARAGRAPH, text, links=links)

    def _block(self, tag: Tag) -> Iterator[_Step]:
        name = tag.name
        if name in HEADINGS:
            number, title = split_heading_number(heading_text(tag))
            if title:
                yield _element(
                    ElementKind.SECTION,
                    title,
                    level=int(name[1]),
                    number=number,
                    links=links_of(tag),
                )
        elif name == "p":
            yield from self._paragraph(tag)
        elif name in {"ul", "ol"} and _is_toc_list(tag):
            return
        elif name in {"li", "dt", "dd"}:
            yield from self._list_item(tag)
        elif name == "pre":
            code = tag.get_text().strip("\n")
            if code.strip():
                yield _element(ElementKind.CODE, code, language=_code_language(tag))
        elif name == "table" and _is_layout_table(tag):
            yield _Descend(self.walk(tag))  # a table used for layout holds content, not data
        elif name == "table":
            table = table_element(tag)
            if table.rows:  # an empty table is a layout or ad slot, not data
                yield table
        elif name == "figure" or _is_thumbnail(tag):
            yield from self._figure(tag)
        elif name == "img":
            alt = " ".join(str(tag.get("alt") or "").split())
            if alt:
                src = [str(tag["src"])] if tag.get("src") else []
                yield _element(ElementKind.FIGURE, alt, caption=alt, links=src)
        elif name != "hr":
            yield _Descend(self.walk(tag))

    def _paragraph(self, tag: Tag) -> Iterator[_Step]:
        if tag.find(_BLOCKS) is not None:  # invalid but common: blocks nested in <p>
            yield _Descend(self.walk(tag))
            return
        text = text_of(tag)
        if text:
            yield _element(ElementKind.PARAGRAPH, text, links=links_of(tag))

    def _list_item(self, tag: Tag) -> Iterator[_Step]:
        nested = [c for c in tag.children if isinstance(c, Tag) and c.name in _BLOCKS - {"p"}]
        own = [c for c in tag.children if not any(c is n for n in nested)]
        parts = [c if isinstance(c, str) else c.get_text() for c in own]
        text = " ".join("".join(parts).split())
        if text:
            links = [link for c in own if isinstance(c, Tag) for link in links_of(c)]
            yield _element(ElementKind.LIST_ITEM, text, links=links)
        for child in nested:
            yield _Descend(self._block(child))

    def _figure(self, tag: Tag) -> Iterator[DocElement]:
        figcaption = tag.find("figcaption") or tag.find(class_="thumbcaption")
        caption = text_of(figcaption) if isinstance(figcaption, Tag) else ""
        table = tag.find("table")
        if isinstance(table, Tag):
            yield table_element(table, caption or None)
            return
        alts = [" ".join(str(img.get("alt") or "").split()) for img in tag.find_all("img")]
        text = "\n".join(part for part in (caption, *alts) if part)
        label = caption_kind(caption) if caption else None
        links = links_of(tag) + [str(img["src"]) for img in tag.find_all("img", src=True)]
        if text:
            yield _element(
                ElementKind.FIGURE,
                text,
                caption=caption or None,
                number=label[1] if label else None,
                links=links,
            )


def _is_thumbnail(tag: Tag) -> bool:
    """A MediaWiki thumbnail (``<div class="thumb">``: image and caption): a figure, whose
    caption is no paragraph of the section it stands in."""
    return tag.name == "div" and "thumb" in (tag.get("class") or []) and tag.find("img") is not None


def _is_layout_table(tag: Tag) -> bool:
    """role=presentation, or cells that hold paragraphs, lists or headings rather than values."""
    if tag.get("role") in {"presentation", "none"}:
        return True
    cells = [c for c in tag.find_all(["td", "th"]) if c.find_parent("table") is tag]
    if not cells or any(c.name == "th" for c in cells):
        return False
    rows = [r for r in tag.find_all("tr") if r.find_parent("table") is tag]
    if len(rows) > 2 and len(cells) > 2 * len(rows):
        return False  # a grid of three columns or more: data, whatever its cells hold
    return any(c.find(["p", "ul", "ol", "h1", "h2", "h3", "h4", "table"]) for c in cells)


def table_element(tag: Tag, caption: str | None = None) -> DocElement:
    """Rows of cell texts; the caption (and its "Table N" number) from <caption> or figcaption."""
    caption_tag = tag.find("caption")
    if caption is None and isinstance(caption_tag, Tag):
        caption = text_of(caption_tag) or None
    rows = _grid(tag)
    label = caption_kind(caption) if caption else None
    body = "\n".join(" | ".join(row) for row in rows)
    text = f"{caption}\n{body}" if caption else body
    return _element(
        ElementKind.TABLE,
        text,
        caption=caption,
        rows=rows,
        number=label[1] if label else None,
        links=links_of(tag),
    )


def _grid(tag: Tag) -> list[list[str]]:
    """The table's rows laid out with their spans, header rows folded into one header
    (:func:`~taskspace.sources.documents.table_shape.compose_header`); a table whose first row is
    not a header row gets an empty header."""
    grid: list[list[str]] = []
    heads: list[bool] = []
    carried: dict[int, tuple[int, str]] = {}  # column -> (rows still spanned, text)
    for row in (r for r in tag.find_all("tr") if r.find_parent("table") is tag):
        cells = row.find_all(["th", "td"], recursive=False)
        out: list[str] = []
        column = 0
        queue = list(cells)
        while queue or column in carried:
            if column in carried:
                left, text = carried[column]
                out.append(text)
                carried = {k: v for k, v in carried.items() if k != column}
                if left > 1:
                    carried[column] = (left - 1, text)
                column += 1
                continue
            cell = queue.pop(0)
            text = text_of(cell)
            for _ in range(max(1, min(_span(cell, "colspan"), 50))):
                out.append(text)
                down = _span(cell, "rowspan")
                if down > 1:
                    carried[column] = (down - 1, text)
                column += 1
        if any(out):
            grid.append(out)
            heads.append(bool(cells) and all(c.name == "th" for c in cells))
    depth = 0
    while depth < len(heads) and heads[depth] and depth < len(grid) - 1:
        depth += 1
    width = max((len(row) for row in grid), default=0)
    if depth == 0:
        return [[""] * width, *grid] if grid else []
    return [compose_header(grid[:depth]), *grid[depth:]]


def _span(cell: Tag, name: str) -> int:
    value = str(cell.get(name) or "1").strip()
    return int(value) if value.isdigit() and int(value) > 0 else 1


def _element(kind: ElementKind, text: str, **fields: Any) -> DocElement:
    """An element whose position, parent and heading path :func:`parse.finish` fills in."""
    return DocElement(kind=kind, position=0, text=text, **fields)
