"""PDF layouts that broke the parser, each on real public pages (tests/fixtures/SOURCES.md).

The Federal Register excerpt (pages 1, 2, 5, 6 of FR Doc. 2020-17221, an FAA proposed
airworthiness directive) has three columns, a masthead, a running header with the page
number on alternating sides, "14 CFR Part 39" set as a bold line, and a table that runs
from page 5 onto page 6 under "ESTIMATED COSTS—Continued"; its pages 7 and 9 hold
page-wide figures between a few paragraphs. The ACL excerpt (pages 3 and 7 of
2020.acl-main.207) has inline maths that once passed for a table, and a one-column table
beside the heading "6 Analysis" under a full-width table.
"""

from __future__ import annotations

from functools import cache

import pytest

from taskspace.sources.documents.errors import DocumentParseError
from taskspace.sources.documents.model import ElementKind, ParsedDocument
from taskspace.sources.documents.parse import parse_file
from taskspace.sources.documents.pdf_headings import NumberSequence, title_block
from taskspace.sources.documents.pdf_layout import Line, join_lines
from taskspace.sources.documents.pdf_tables import not_a_row
from tests.support.doc_parsers import FIXTURES, assert_well_formed, containing, of_kind, section

REAL = FIXTURES / "real"


@cache
def federal_register() -> ParsedDocument:
    return parse_file(REAL / "federal-register-2020-17221-p1-2-5-6.pdf")


@cache
def specter() -> ParsedDocument:
    return parse_file(REAL / "2020.acl-main.207-p3-7.pdf")


def test_three_columns_read_column_by_column() -> None:
    document = federal_register()
    assert_well_formed(document)
    # "SUMMARY:" is a bold run-in head: a heading of its own, and the paragraph after it
    summary = containing(document, "The FAA proposes to supersede", ElementKind.PARAGRAPH)
    assert summary.heading_path == ["SUMMARY"]
    assert summary.text.startswith(
        "The FAA proposes to supersede Airworthiness Directive (AD) 2018–23–51, "
        "which applies to all The Boeing Company Model 737–8 and 737–9 (737 MAX) airplanes. "
        "Since AD 2018–23–51 was issued, the agency has determined"
    )
    ethiopian = containing(document, "On March 10, 2019, a Boeing Model 737–8")
    assert ethiopian.text.endswith(
        "the manufacturer, the operator, and the Ethiopian Civil Aviation Authority (ECAA)."
    )
    assert ethiopian.heading_path == ["Background"]
    # words of the neighbouring column ("Federal Aviation", "Fax:") no longer interleave
    cbi = section(document, "Confidential Business Information (CBI)")
    body = document.elements[cbi.position + 1]
    assert body.text.startswith("CBI is commercial or financial information that is both")
    assert "Washington, DC" not in body.text


def test_a_name_hyphenated_at_the_line_end_stays_one_name() -> None:
    # "Soekarno-" ends a line of the real Federal Register page, "Hatta" opens the next.
    lion_air = containing(federal_register(), "On October 29, 2018, a Boeing Model 737–8")
    assert "from Soekarno-Hatta International Airport in Jakarta" in lion_air.text
    assert join_lines(["the Never-", "Ending Language Learner"]) == (
        "the Never-Ending Language Learner"
    )
    assert join_lines(["a well-known pay-", "ment"]) == "a well-known payment"
    assert join_lines(["an item -", "Next"]) == "an item - Next"


def test_masthead_and_running_header_are_not_content() -> None:
    document = federal_register()
    # the last footnote line at the foot of page 2 is content, though small and at the edge
    assert containing(document, "providing tactile annunciation").text.endswith(
        "control column, providing tactile annunciation to the pilot."
    )
    assert not any("VerDate" in e.text for e in document.elements)  # the printer's slug
    assert document.title == "Airworthiness Directives; The Boeing Company Airplanes"
    texts = [e.text for e in document.elements]
    assert not any(t in {"Proposed Rules", "Federal Register", "Vol. 85, No. 152"} for t in texts)
    assert not any("Federal Register / Vol. 85" in t or "Thursday, August 6" in t for t in texts)
    assert not any(t.strip().isdigit() and len(t.strip()) == 5 for t in texts)  # 47699


def test_regulation_reference_is_not_a_section_number() -> None:
    document = federal_register()
    sections = [(e.number, e.text) for e in of_kind(document, ElementKind.SECTION)]
    assert (None, "14 CFR Part 39") in sections
    assert not any(number == "14" or text == "CFR Part 39" for number, text in sections)
    assert (None, "List of Subjects in 14 CFR Part 39") in sections


def test_numbers_follow_the_sequence() -> None:
    numbers = NumberSequence()
    assert not numbers.fits("14") and numbers.fits("1") and numbers.fits("2.1")
    for accepted in ("1", "2", "2.1"):
        assert numbers.fits(accepted)
        numbers.last = [int(p) for p in accepted.split(".")]
    assert numbers.fits("2.2") and numbers.fits("3") and numbers.fits("4")
    assert not numbers.fits("2") and not numbers.fits("9") and not numbers.fits("1.3")
    assert numbers.fits("A.1")


def test_table_continued_on_the_next_page_is_one_table() -> None:
    document = federal_register()
    [table] = of_kind(document, ElementKind.TABLE)
    assert (table.caption, table.page, table.heading_path) == (
        "ESTIMATED COSTS",
        3,
        ["Costs of Compliance"],
    )
    assert table.rows is not None
    assert table.rows[0] == ["Action", "Labor cost", "Parts cost", "Cost per product",
                             "Cost on U.S. operators"]  # fmt: skip
    assert table.rows.count(table.rows[0]) == 1  # the header repeated on page 6 is dropped
    assert ["AFM revisions", "1 work-hour × $85 per hour = $85", "$0", "$85", "$6,205."] in (
        table.rows
    )
    assert [
        "MDS installation and verification, INOP marker removal.",  # its last line is at the
        "1 work-hour × $85 per hour = $85",  # foot of the page, where small print is dropped
        "$0",
        "$85",
        "$6,205.",
    ] in table.rows
    assert [
        "AOA sensor system test",
        "40 work-hours × $85 per hour = $3,400.",
        "$0",
        "$3,400",
        "$248,200.",
    ] in table.rows  # from page 6, the wrapped "$3,400." joined to its cell
    assert not any("Continued" in e.text for e in of_kind(document, ElementKind.SECTION))
    assert not any("Continued" in e.text for e in document.elements)


def test_table_beside_a_heading_keeps_to_its_column() -> None:
    document = specter()
    assert_well_formed(document)
    analysis = section(document, "Analysis")
    assert analysis.number == "6" and analysis.page == 2
    intro = document.elements[analysis.position + 1]
    assert intro.kind is ElementKind.PARAGRAPH
    assert intro.text.startswith("In this section, we analyze several design decisions in")
    tables = {t.number: t for t in of_kind(document, ElementKind.TABLE)}
    assert set(tables) == {"1", "2"}
    assert tables["2"].rows == [
        ["", "CLS", "USR", "CITE", "REC", "Avg."],  # the empty corner above the row labels
        ["SPECTER", "84.2", "88.4", "91.5", "36.9", "80.0"],
        ["− abstract", "82.2", "72.2", "73.6", "34.5", "68.1"],
        ["+ venue", "84.5", "88.0", "91.2", "36.7", "79.9"],
        ["+ author", "82.7", "72.3", "71.0", "34.6", "67.3"],
        ["No hard negatives", "82.4", "85.8", "89.8", "36.8", "78.4"],
        ["Start w/ BERT-Large", "81.7", "85.9", "87.8", "36.1", "77.5"],
    ]
    # Table 1's header has three levels (task, subtask, metric) whose spans the layout lost:
    # no column can be named, so the table keeps its text and no rows (issue #24)
    assert tables["1"].rows is None
    assert "SPECTER (Ours) 82.0 86.4" in " ".join(tables["1"].text.replace(" | ", " ").split())


def test_prose_with_inline_maths_is_not_a_table() -> None:
    document = specter()
    assert not [t for t in of_kind(document, ElementKind.TABLE) if t.page == 1]
    negatives = containing(document, "then 3 is a candidate hard nega-")
    assert negatives.kind is ElementKind.PARAGRAPH
    assert section(document, "Selecting Negative Distractors").number == "2.4"


def test_sparse_pages_between_figures_keep_their_columns() -> None:
    """Pages 7 and 9: a few paragraphs around page-wide figure images, too few words to
    find the gutters on page 9 alone; page 7's text runs on below its figure."""
    document = parse_file(REAL / "federal-register-2020-17221-p7-9.pdf")
    assert_well_formed(document)
    texts = [e.text for e in of_kind(document, ElementKind.PARAGRAPH)]
    assert texts[1:] == [
        "(1) In the Certificate Limitations and Operating Procedures chapters, remove the "
        "information identified as ‘‘Required by AD 2018–23–51.’’",
        "(2) In the Operating Procedures chapter, revise the General paragraph to include the "
        "information in figure 1 to paragraph (h)(2) of this AD.",
        "(3) In the Operating Procedures chapter, replace the existing Airspeed Unreliable "
        "paragraph with the information in figure 2 to paragraph (h)(3) of this AD.",
        "(4) In the Operating Procedures chapter, replace the existing Runaway Stabilizer "
        "paragraph with the information in figure 3 to paragraph (h)(4) of this AD.",
    ]


def _line(text: str, size: float, top: float) -> Line:
    return Line(text, 100, top, 400, top + size, size, 0.0, 0.0, "Serif", 1, 0, "full")


def test_title_past_a_logo_in_larger_type() -> None:
    """The cover of an MPRA working paper: the two-word logo is the largest type on page 1."""
    cover = [
        _line("M PRA", 58.5, 133),
        _line("Munich Personal RePEc Archive", 17.2, 191),
        _line("Territorial Rural Development in Latin", 20.7, 311),
        _line("America and the Caribbean: Discourses", 20.7, 336),
        _line("and Realities", 20.7, 361),
        _line("Jorge Mora-Alfaro", 17.2, 408),
    ]
    assert title_block(cover, 12.0) == (2, 4)
    assert title_block(cover[2:], 12.0) == (0, 2)
    short = [_line("Dropout", 20.0, 100), _line("A. Author", 12.0, 130)]
    assert title_block(short, 10.0) == (0, 0)  # a one-word title with nothing larger after


def test_bullets_whose_lines_return_to_the_margin() -> None:
    """The Federal Register sets "• Mail: U.S. Department of" and runs the item on at the
    column's left margin, not under the text after the bullet."""
    items = [e.text for e in of_kind(federal_register(), ElementKind.LIST_ITEM)]
    assert any(
        t.startswith("Mail: U.S. Department of Transportation, Docket Operations, M–")
        and t.endswith("1200 New Jersey Avenue SE, Washington, DC 20590.")
        for t in items
    )
    assert "Installing new FCC OPS software and doing a software installation verification." in (
        items
    )
    assert not any(
        e.text.startswith("and doing a software")
        for e in of_kind(federal_register(), ElementKind.PARAGRAPH)
    )


def _chars(pieces: list[tuple[float, str]], size: float = 10.0) -> list[dict[str, object]]:
    """Glyph dicts as pdfplumber gives them, each piece's glyphs 5 points apart."""
    chars: list[dict[str, object]] = []
    for x, text in pieces:
        for i, ch in enumerate(text):
            chars.append({"text": ch, "x0": x + 5 * i, "x1": x + 5 * i + 5, "size": size})
    return chars


def test_headings_and_prose_are_not_table_rows() -> None:
    heading = _line("6 Analysis", 10.0, 300)
    heading.bold, heading.chars = 1.0, _chars([(100, "6"), (120, "Analysis")])
    row = _line("SPECTER 84.2", 10.0, 320)
    row.chars = _chars([(100, "SPECTER"), (200, "84.2")])
    prose = _line("x", 10.0, 340)
    prose.chars = _chars([(100, "In this section, we analyze several design choices"), (400, "7")])
    assert [not_a_row(line) for line in (heading, row, prose)] == [True, False, True]


def test_a_password_protected_pdf_says_it_is_encrypted() -> None:
    """A real encrypted PDF (pdfplumber's test file) fails with the reason, not "()"."""
    with pytest.raises(DocumentParseError, match="encrypted PDF: it needs a password"):
        parse_file(REAL / "password-example.pdf")
