"""Real saved wiki pages and hostile inputs through the parsers; no server needed.

The two Wikipedia pages are real saved HTML (tests/fixtures/SOURCES.md): one in the current
Vector 2022 skin, whose <html> class list once made the whole page count as a table of
contents, and one with "[edit]" links and a "This section needs expansion" box.
"""

from __future__ import annotations

from pathlib import Path

from taskspace.sources.documents.model import ElementKind, ParsedDocument
from taskspace.sources.documents.parse import parse_file
from taskspace.sources.documents.quality import emptied_warning
from tests.support.locations import TESTS

REAL = TESTS / "fixtures" / "documents" / "real"
VECTOR_2022 = REAL / "wikipedia-time-loop-films.html"
HERMITIAN = REAL / "wikipedia-hermitian-matrix.html"


def _texts(document: ParsedDocument, kind: ElementKind) -> list[str]:
    return [e.text for e in document.elements if e.kind is kind]


def _all_text(document: ParsedDocument) -> str:
    return "\n".join(e.text for e in document.elements)


def test_vector_2022_page_keeps_its_content() -> None:
    page = parse_file(VECTOR_2022)
    assert page.title == "List of films featuring time loops"
    assert _texts(page, ElementKind.SECTION) == ["See also", "References"]
    paragraphs = _texts(page, ElementKind.PARAGRAPH)
    assert paragraphs[0].startswith("This list of films featuring time loops")
    tables = [e for e in page.elements if e.kind is ElementKind.TABLE]
    assert len(tables) == 1 and tables[0].rows is not None
    assert tables[0].rows[0] == ["Film", "Year", "Description"]
    assert tables[0].rows[1][:2] == ["Repeat Performance", "1947"]
    assert len(tables[0].rows) == 9  # the header and the 8 films the fixture kept
    assert emptied_warning(page) is None


def test_vector_2022_chrome_is_gone() -> None:
    text = _all_text(parse_file(VECTOR_2022))
    for chrome in ("Jump to content", "Main menu", "Toggle the table of contents", "[edit]"):
        assert chrome not in text
    assert "[1]" not in text  # reference marks
    assert "Retrieved from" not in text  # the print footer ("Retrieved 2021-…" in citations stays)
    assert "From Wikipedia, the free encyclopedia" not in text


def test_mediawiki_headings_without_edit_links_and_no_maintenance_box() -> None:
    page = parse_file(HERMITIAN)
    sections = _texts(page, ElementKind.SECTION)
    assert "Rayleigh quotient" in sections and "Properties" in sections
    assert not [s for s in sections if "edit" in s]
    assert _texts(page, ElementKind.TABLE) == []  # the "needs expansion" box was the only table
    text = _all_text(page)
    assert "needs expansion" not in text and "You can help" not in text
    assert "Contents" not in sections  # the old-skin table of contents


def test_mediawiki_formulas_read_as_tex_in_the_sentence() -> None:
    page = parse_file(HERMITIAN)
    sentence = next(t for t in _texts(page, ElementKind.PARAGRAPH) if "denoted by" in t)
    assert "denoted by A^{\\mathsf {H}}, then" in sentence


def test_deep_nesting_parses(tmp_path: Path) -> None:
    deep = tmp_path / "deep.html"
    deep.write_text(
        "<html><body><h1>Deep page</h1><p>Before.</p>"
        + "<div><span>" * 1500
        + "<p>Inner text at depth three thousand.</p>"
        + "</span></div>" * 1500
        + "<p>After.</p></body></html>",
        encoding="utf-8",
    )
    page = parse_file(deep)
    assert page.title == "Deep page"
    assert _texts(page, ElementKind.PARAGRAPH) == [
        "Before.",
        "Inner text at depth three thousand.",
        "After.",
    ]


def test_chrome_names_on_html_and_body_never_remove_the_page(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_text(
        '<html class="toc-pinned navbox"><body class="toc sidebar" role="navigation">'
        "<h1>Kept title</h1><p>The only paragraph of this page, long enough to count.</p>"
        "</body></html>",
        encoding="utf-8",
    )
    parsed = parse_file(page)
    assert _texts(parsed, ElementKind.PARAGRAPH) == [
        "The only paragraph of this page, long enough to count."
    ]


def test_a_page_emptied_by_cleaning_is_warned_about(tmp_path: Path) -> None:
    page = tmp_path / "menu.html"
    items = "".join(f'<li><a href="/p{i}">Menu entry number {i}</a></li>' for i in range(40))
    page.write_text(f"<html><body><nav><ul>{items}</ul></nav><p>Hi</p></body></html>")
    parsed = parse_file(page)
    warning = emptied_warning(parsed)
    assert warning is not None and "almost no text left after cleaning" in warning


def test_legacy_encodings_are_decoded(tmp_path: Path) -> None:
    html = tmp_path / "old.html"
    html.write_bytes(
        b"<html><head><title>Caf\xe9</title></head><body><h1>Caf\xe9 cr\xe8me</h1>"
        b"<p>Na\xefve \x93quotes\x94 and \x80 10.</p></body></html>"
    )
    page = parse_file(html)
    assert page.title == "Café crème"
    assert _texts(page, ElementKind.PARAGRAPH) == ["Naïve “quotes” and € 10."]
    markdown = tmp_path / "latin1.md"
    markdown.write_bytes("# Crème brûlée\n\nCafé au lait, déjà vu.\n".encode("latin-1"))
    notes = parse_file(markdown)
    assert notes.title == "Crème brûlée"
    assert _texts(notes, ElementKind.PARAGRAPH) == ["Café au lait, déjà vu."]


def test_news_page_furniture_is_left_out(tmp_path: Path) -> None:
    """Shapes found in mozilla/readability's saved news pages (not copied: their text is not
    free): a video.js player's controls, a cookie notice, empty layout tables, ad labels."""
    page = tmp_path / "news.html"
    page.write_text(
        '<html><body><div id="content"><div id="cookie-warning"><p>We use cookies to enhance'
        " your visit.</p></div><article><h1>Hotel secrets</h1><table><tr><td></td></tr></table>"
        "<p>Most people go to hotels for the pleasure of sleeping in a giant bed.</p>"
        '<div class="video-js vjs-paused"><div class="vjs-big-play-button">'
        '<span class="vjs-control-text">Play Video</span></div>'
        '<div class="vjs-control-bar"><span>Mute</span><span>Current Time 0:00</span></div>'
        "</div><p>Video shows bed bug infestation at New York hotel</p>"
        "<div><p>Advertisement</p></div><p>Continue reading the main story</p>"
        "<p>Bedbugs love wood.</p></article></div></body></html>",
        encoding="utf-8",
    )
    parsed = parse_file(page)
    assert [(e.kind, e.text) for e in parsed.elements] == [
        (
            ElementKind.PARAGRAPH,
            "Most people go to hotels for the pleasure of sleeping in a giant bed.",
        ),
        (ElementKind.PARAGRAPH, "Video shows bed bug infestation at New York hotel"),
        (ElementKind.PARAGRAPH, "Bedbugs love wood."),
    ]


def test_deep_chrome_inline_and_preformatted_pages_parse(tmp_path: Path) -> None:
    deep = tmp_path / "deep-inline.html"
    deep.write_text(
        "<html><body><h1>T</h1><nav>"
        + "<div>" * 3000
        + "menu"
        + "</div>" * 3000
        + "</nav><p>"
        + "<b>" * 3000
        + "Bold words at the bottom."
        + "</b>" * 3000
        + "</p></body></html>"
    )
    assert _texts(parse_file(deep), ElementKind.PARAGRAPH) == ["Bold words at the bottom."]
    draft = tmp_path / "deep-draft.html"
    draft.write_text(
        '<html><body><pre><span class="h2">1.  Introduction</span>\n\n   '
        + "<span>" * 2000
        + "Text of the introduction."
        + "</span>" * 2000
        + "\n</pre></body></html>"
    )
    parsed = parse_file(draft)
    assert _texts(parsed, ElementKind.SECTION) == ["Introduction"]
    assert _texts(parsed, ElementKind.PARAGRAPH) == ["Text of the introduction."]
