"""Caps how deep HTML elements nest before any parser sees the page, in one linear pass.

A page nested 100,000 levels deep (closed or not) took minutes in BeautifulSoup and CSS
selection, whose cost grows with depth for every element, and libxml2 stops building the
tree at about 2,048 levels, dropping the text below. Real pages nest a few dozen levels, so
past :data:`MAX_DEPTH` open elements the tags are dropped and their content kept in place:
a block tag becomes a line break, an inline one nothing. The count follows the common
implied end tags (a block closes an open ``<p>``; ``<li>``, ``<dt>``/``<dd>``, ``<tr>``,
``<td>``/``<th>`` and ``<option>`` close their open sibling), so a page of unclosed
paragraphs is not mistaken for a deep one. A page within the cap is returned unchanged.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MAX_DEPTH = 256
"""Most open elements kept nested; deeper tags are dropped and their text kept."""

_TOKEN = re.compile(
    r"<!--.*?(?:-->|\Z)|<![^>]*>|<\?[^>]*>|<(/?)([A-Za-z][A-Za-z0-9:-]*)((?:\"[^\"]*\"|'[^']*'|[^'\">])*)>",
    re.S,
)
_VOID = frozenset(
    [
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "param",
        "source",
        "track",
        "wbr",
    ]
)
_RAW_TEXT = frozenset({"script", "style", "textarea", "title", "xmp", "noscript"})
_BLOCK = frozenset(
    [
        "address",
        "article",
        "aside",
        "blockquote",
        "details",
        "dialog",
        "dd",
        "div",
        "dl",
        "dt",
        "fieldset",
        "figcaption",
        "figure",
        "footer",
        "form",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "header",
        "hgroup",
        "hr",
        "li",
        "main",
        "nav",
        "ol",
        "p",
        "pre",
        "section",
        "summary",
        "table",
        "tbody",
        "td",
        "tfoot",
        "th",
        "thead",
        "tr",
        "ul",
        "body",
        "html",
    ]
)
_SIBLINGS = {
    "li": {"li"},
    "dt": {"dt", "dd"},
    "dd": {"dt", "dd"},
    "tr": {"tr", "td", "th"},
    "td": {"td", "th"},
    "th": {"td", "th"},
    "option": {"option"},
}
"""A start tag and the open elements it implicitly closes (HTML's optional end tags)."""


@dataclass(frozen=True)
class Capped:
    """The page to parse, and how many tags past the cap were dropped (0: unchanged)."""

    text: str
    dropped: int

    @property
    def note(self) -> str | None:
        """The line for the load report, when the page was flattened."""
        if not self.dropped:
            return None
        return (
            f"nested more than {MAX_DEPTH} elements deep: {self.dropped} tags below "
            "that depth flattened, their text kept"
        )


def cap_depth(text: str, limit: int = MAX_DEPTH) -> Capped:
    """``text`` with elements nested past ``limit`` flattened (see the module notes)."""
    stack: list[str] = []
    dropped: dict[str, int] = {}
    pieces: list[str] = []
    kept_until = 0
    count = 0
    raw_end: re.Pattern[str] | None = None
    position = 0
    while True:
        if raw_end is not None:  # inside <script> and the like: no tags until its end tag
            found = raw_end.search(text, position)
            raw_end = None
            if found is None:
                break
            position = found.start()
        match = _TOKEN.search(text, position)
        if match is None:
            break
        position = match.end()
        closing, name, rest = match.group(1), match.group(2), match.group(3)
        if name is None:
            continue
        name = name.lower()
        if closing:
            if dropped.get(name):
                dropped[name] -= 1
                pieces += [text[kept_until : match.start()], "\n" if name in _BLOCK else ""]
                kept_until = position
            elif name in stack:
                while stack and stack.pop() != name:
                    pass
            continue
        if name in _VOID or rest.rstrip().endswith("/"):
            continue
        _close_implied(stack, name)
        if len(stack) >= limit:
            dropped[name] = dropped.get(name, 0) + 1
            count += 1
            pieces += [text[kept_until : match.start()], "\n" if name in _BLOCK else ""]
            kept_until = position
        else:
            stack.append(name)
        if name in _RAW_TEXT:
            raw_end = re.compile(rf"</{name}\s*>", re.I)
    if not count:
        return Capped(text, 0)
    pieces.append(text[kept_until:])
    return Capped("".join(pieces), count)


def _close_implied(stack: list[str], name: str) -> None:
    """Pop what a start tag ``name`` closes without an end tag, as an HTML parser would."""
    if name in _BLOCK and stack and stack[-1] == "p":
        stack.pop()
    siblings = _SIBLINGS.get(name, ())
    while stack and stack[-1] in siblings:
        stack.pop()
