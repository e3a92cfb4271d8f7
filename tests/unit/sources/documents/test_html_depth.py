"""HTML nested 100,000 levels deep parses in linear time: text kept, depth capped, said so."""

from __future__ import annotations

from pathlib import Path

from bs4 import BeautifulSoup
from bs4.element import Tag

from taskspace.sources.documents.html_depth import MAX_DEPTH, cap_depth
from taskspace.sources.documents.parse import parse_file
from tests.support import SHARED_DATA
from tests.support.locations import FIXTURES

DEEP = 100_000


def _depth(html: str) -> int:
    """How deep the parsed tree nests (walked without recursion)."""
    soup: Tag = BeautifulSoup(html, "lxml")
    deepest, stack = 0, [(soup, 0)]
    while stack:
        tag, depth = stack.pop()
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in tag.find_all(recursive=False))
    return deepest


def test_closed_nesting_keeps_the_text_and_caps_the_depth(tmp_path: Path) -> None:
    page = tmp_path / "deep.html"
    page.write_text(
        "<html><body>"
        + "<div>" * DEEP
        + "the innermost words"
        + "</div>" * DEEP
        + "<p>after the nest</p></body></html>"
    )
    capped = cap_depth(page.read_text())
    assert capped.dropped == DEEP + 2 - MAX_DEPTH
    assert _depth(capped.text) <= MAX_DEPTH + 1
    document = parse_file(page)
    texts = [element.text for element in document.elements]
    assert texts == ["the innermost words", "after the nest"]
    assert document.notes == [
        f"nested more than {MAX_DEPTH} elements deep: {DEEP + 2 - MAX_DEPTH} tags below "
        "that depth flattened, their text kept"
    ]


def test_unclosed_nesting_keeps_every_word(tmp_path: Path) -> None:
    page = tmp_path / "unclosed.html"
    page.write_text("<html><body>" + "<div><p>word " * DEEP)
    document = parse_file(page)
    words = " ".join(element.text for element in document.elements).split()
    assert words == ["word"] * DEEP
    assert document.notes and document.notes[0].startswith(f"nested more than {MAX_DEPTH}")


def test_real_pages_and_unclosed_paragraphs_are_left_alone() -> None:
    pages = [*FIXTURES.rglob("*.htm*"), *SHARED_DATA.rglob("*.htm*")]
    assert pages
    for page in pages:
        text = page.read_text(encoding="utf-8", errors="replace")
        assert cap_depth(text).text == text, page
    unclosed = (
        "<body>"
        + "<p>one paragraph <p>another" * 2000
        + "<ul>"
        + "<li>item <p>paragraph in it " * 2000
        + "</ul>"
        + "<table>"
        + "<tr><td>cell<td>cell" * 2000
        + "</table>"
        + "<dl>"
        + "<dt>term<dd>definition" * 2000
        + "</dl></body>"
    )
    assert cap_depth(unclosed).dropped == 0
