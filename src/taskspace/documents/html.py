"""HTML documents via BeautifulSoup + lxml: the main content only, never the navigation chrome.

Two shapes are handled. Ordinary pages are walked block by block (headings, paragraphs, list
items, code, tables, figures). Plain-text documents published as HTML, such as IETF drafts
rendered by rfcmarkup, keep their whole text inside ``<pre>`` page blocks with the section
headings as ``<span class="h2">``; :mod:`taskspace.documents.html_pre` reads those, so that
numbered sections still come out as sections.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from bs4 import BeautifulSoup
from bs4.element import Comment, NavigableString, Tag

from taskspace.documents.html_pre import is_preformatted_document, preformatted_elements
from taskspace.documents.model import DocElement, ElementKind, ParsedDocument
from taskspace.documents.references import caption_kind, split_heading_number

HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}
_CHROME_TAGS = ["nav", "aside", "script", "style", "noscript", "template", "svg", "button"]
_CHROME_ROLES = {"navigation", "banner", "contentinfo", "search", "complementary", "menu"}
_TOC_NAME = re.compile(r"(^|[-_ ])(toc|table-of-contents|tableofcontents)($|[-_ ])", re.I)
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
}
_PERMALINK = re.compile(r"[\ue000-\uf8ff¶#]+\s*$")  # icon glyphs of "link to this heading"
_TITLE_METAS = ("dc.title", "citation_title", "og:title", "dcterms.title")
_AUTHOR_METAS = ("author", "dc.creator", "citation_author", "dcterms.creator", "article:author")
_LANGUAGE_CLASS = re.compile(r"^(?:language|lang|highlight|sourceCode)-(?P<language>[\w+#-]+)$")


def parse_html(path: Path) -> ParsedDocument:
    """Elements, title, authors and <meta> values of one HTML file."""
    raw = path.read_bytes()
    if b"\x00" in raw[:8192]:
        raise ValueError("not an HTML file (binary content)")
    soup = BeautifulSoup(raw, "lxml")
    if soup.find(["html", "body", "p", "div", "pre"]) is None:
        raise ValueError("no HTML content found")
    metadata = meta_values(soup)
    for br in soup.find_all("br"):
        br.replace_with("\n")
    strip_chrome(soup)
    root = main_content(soup)
    title = _title(soup, metadata)
    if is_preformatted_document(root):
        elements = preformatted_elements(root)
    else:
        elements = list(_Walker().walk(root))
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
    )


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


def strip_chrome(soup: BeautifulSoup) -> None:
    """Remove navigation, banners, scripts, hidden and table-of-contents blocks in place."""
    doomed: list[Tag] = list(soup.find_all(_CHROME_TAGS))
    for tag in soup.find_all(True):
        if not isinstance(tag, Tag) or tag.attrs is None:
            continue
        classes = " ".join(tag.get("class") or [])
        if (
            tag.get("role") in _CHROME_ROLES
            or tag.has_attr("hidden")
            or tag.get("aria-hidden") == "true"
            or "noprint" in classes.split()
            or _TOC_NAME.search(classes)
            or _TOC_NAME.search(str(tag.get("id") or ""))
            or re.search(r"display\s*:\s*none", str(tag.get("style") or ""))
            or (tag.name in {"header", "footer"} and tag.find_parent(["article", "main"]) is None)
        ):
            doomed.append(tag)
    for comment in soup.find_all(string=lambda s: isinstance(s, Comment)):
        comment.extract()
    for tag in doomed:
        tag.decompose()


def main_content(soup: BeautifulSoup) -> Tag:
    """<main>, [role=main] or the only <article>; the body otherwise."""
    for candidate in (soup.find("main"), soup.select_one('[role="main"]')):
        if isinstance(candidate, Tag):
            return candidate
    articles = soup.find_all("article")
    if len(articles) == 1 and isinstance(articles[0], Tag):
        return articles[0]
    body = soup.body or soup
    return body if isinstance(body, Tag) else soup


def text_of(tag: Tag) -> str:
    return " ".join(tag.get_text().split())


def links_of(tag: Tag) -> list[str]:
    hrefs = [str(a["href"]).strip() for a in tag.find_all("a", href=True)]
    if tag.name == "a" and tag.get("href"):
        hrefs.insert(0, str(tag["href"]).strip())
    return [h for h in dict.fromkeys(hrefs) if h and not h.lower().startswith("javascript:")]


def _title(soup: BeautifulSoup, metadata: dict[str, Any]) -> str | None:
    lowered = {key.lower(): value for key, value in metadata.items()}
    for name in _TITLE_METAS:
        value = lowered.get(name)
        if value:
            return str(value[0] if isinstance(value, list) else value)
    h1 = soup.find("h1") or soup.find(class_="h1")
    if isinstance(h1, Tag) and text_of(h1):
        return _PERMALINK.sub("", text_of(h1)).strip()
    html_title = metadata.get("html_title")
    return str(html_title) if html_title else None


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


class _Walker:
    """Emits elements in document order; inline runs between blocks become paragraphs."""

    def walk(self, node: Tag) -> Iterator[DocElement]:
        run: list[Any] = []
        for child in node.children:
            if isinstance(child, NavigableString):
                run.append(child)
            elif isinstance(child, Tag):
                if child.name in _BLOCKS or child.find(_BLOCKS) is not None:
                    yield from self._run(run)
                    run = []
                    yield from self._block(child)
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

    def _block(self, tag: Tag) -> Iterator[DocElement]:
        name = tag.name
        if name in HEADINGS:
            number, title = split_heading_number(_PERMALINK.sub("", text_of(tag)).strip())
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
        elif name == "table":
            yield _table(tag)
        elif name == "figure":
            yield from self._figure(tag)
        elif name == "img":
            alt = " ".join(str(tag.get("alt") or "").split())
            if alt:
                src = [str(tag["src"])] if tag.get("src") else []
                yield _element(ElementKind.FIGURE, alt, caption=alt, links=src)
        elif name != "hr":
            yield from self.walk(tag)

    def _paragraph(self, tag: Tag) -> Iterator[DocElement]:
        if tag.find(_BLOCKS) is not None:  # invalid but common: blocks nested in <p>
            yield from self.walk(tag)
            return
        text = text_of(tag)
        if text:
            yield _element(ElementKind.PARAGRAPH, text, links=links_of(tag))

    def _list_item(self, tag: Tag) -> Iterator[DocElement]:
        nested = [c for c in tag.children if isinstance(c, Tag) and c.name in _BLOCKS - {"p"}]
        own = [c for c in tag.children if not any(c is n for n in nested)]
        parts = [c if isinstance(c, str) else c.get_text() for c in own]
        text = " ".join("".join(parts).split())
        if text:
            links = [link for c in own if isinstance(c, Tag) for link in links_of(c)]
            yield _element(ElementKind.LIST_ITEM, text, links=links)
        for child in nested:
            yield from self._block(child)

    def _figure(self, tag: Tag) -> Iterator[DocElement]:
        figcaption = tag.find("figcaption")
        caption = text_of(figcaption) if isinstance(figcaption, Tag) else ""
        table = tag.find("table")
        if isinstance(table, Tag):
            yield _table(table, caption or None)
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


def _table(tag: Tag, caption: str | None = None) -> DocElement:
    """Rows of cell texts; the caption (and its "Table N" number) from <caption> or figcaption."""
    caption_tag = tag.find("caption")
    if caption is None and isinstance(caption_tag, Tag):
        caption = text_of(caption_tag) or None
    rows = [
        [text_of(cell) for cell in row.find_all(["th", "td"], recursive=False)]
        for row in tag.find_all("tr")
        if row.find_parent("table") is tag
    ]
    rows = [row for row in rows if any(row)]
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


def _element(kind: ElementKind, text: str, **fields: Any) -> DocElement:
    """An element whose position, parent and heading path :func:`parse.finish` fills in."""
    return DocElement(kind=kind, position=0, text=text, **fields)
