"""Cross references written in prose: "Table 2", "Fig. 3", "Sections 4.1 and 4.2", "§4".

Every parser's text ends up here, so a paragraph naming a table becomes a REFERS_TO edge in
the graph whatever the source format was.
"""

from __future__ import annotations

import re
from typing import Literal

from taskspace.sources.documents.model import CrossReference

RefKind = Literal["table", "figure", "section"]

_NUMBER = r"\d+(?:\.\d+)*[a-z]?"
_WORDS: dict[str, RefKind] = {
    "table": "table",
    "tables": "table",
    "tab.": "table",
    "figure": "figure",
    "figures": "figure",
    "fig.": "figure",
    "figs.": "figure",
    "section": "section",
    "sections": "section",
    "sec.": "section",
    "secs.": "section",
    "§": "section",
    "§§": "section",
}
_PATTERN = re.compile(
    r"(?<![\w§])(?P<word>tables?|tab\.|figures?|figs?\.|sections?|secs?\.|§§?)"
    rf"\s*~?\s*(?P<numbers>{_NUMBER}(?:\s*(?:,\s*and|,|and|&|or)\s*{_NUMBER})*)"
    r"(?![\w.]\d)",
    re.IGNORECASE,
)
_SPLIT = re.compile(_NUMBER)
CAPTION = re.compile(
    r"^\s*(?P<word>Table|Tab\.|Figure|Fig\.)\s*(?P<number>\d+[a-z]?)\s*[:.|]\s*(?P<rest>.*)$",
    re.IGNORECASE | re.DOTALL,
)
"""A caption line: "Table 1: Results ...", "Fig. 2. Overview"."""


def find_references(text: str) -> list[CrossReference]:
    """Every table, figure and section mention in ``text``, in order, without repeats."""
    found: list[CrossReference] = []
    seen: set[tuple[str, str]] = set()
    for match in _PATTERN.finditer(text):
        word = match.group("word").lower()
        kind = _WORDS[word]
        for number in _SPLIT.findall(match.group("numbers")):
            if (kind, number) not in seen:
                seen.add((kind, number))
                found.append(CrossReference(kind=kind, number=number, text=match.group(0)))
    return found


def caption_kind(text: str) -> tuple[Literal["table", "figure"], str, str] | None:
    """("table", "2", "the caption words") when ``text`` opens with a caption label."""
    match = CAPTION.match(text)
    if match is None:
        return None
    word = match.group("word").lower()
    kind: Literal["table", "figure"] = "table" if word.startswith("tab") else "figure"
    return kind, match.group("number"), match.group("rest").strip()


_HEADING_NUMBER = re.compile(
    r"^\s*(?:§\s*)?(?P<number>\d{1,3}(?:\.\d{1,3})*|[A-Z](?:\.\d{1,3})+)\.?\s+(?P<title>\S.*)$",
    re.DOTALL,
)


def split_heading_number(text: str) -> tuple[str | None, str]:
    """("4.1", "Foo") for "4.1 Foo" or "4.1. Foo"; (None, text) for an unnumbered heading."""
    match = _HEADING_NUMBER.match(text)
    if match is None:
        return None, text.strip()
    return match.group("number"), match.group("title").strip()
