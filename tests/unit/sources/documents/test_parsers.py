"""Document parsers on real shared files and on the project's own fixtures; no server needed."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from taskspace.core.files import iter_files
from taskspace.sources.documents.errors import DocumentParseError
from taskspace.sources.documents.model import ElementKind
from taskspace.sources.documents.parse import parse_file
from taskspace.sources.documents.references import (
    caption_kind,
    find_references,
    split_heading_number,
)
from tests.support.doc_parsers import (
    FIXTURES,
    HTML_MD,
    PDFS,
    assert_well_formed,
    containing,
    of_kind,
    refs,
    section,
    shared,
)


def test_references_found_in_prose() -> None:
    found = find_references("See Table 2 and Fig. 3, Sections 4.1 and 4.2, and §5; a timetable 9.")
    assert [(r.kind, r.number) for r in found] == [
        ("table", "2"),
        ("figure", "3"),
        ("section", "4.1"),
        ("section", "4.2"),
        ("section", "5"),
    ]
    assert found[0].text == "Table 2"
    assert caption_kind("Table 1: Results of the system.") == (
        "table",
        "1",
        "Results of the system.",
    )
    assert caption_kind("Fig. 2. Overview") == ("figure", "2", "Overview")
    assert caption_kind("Table 2 shows the results") is None
    assert split_heading_number("4.1. Foo Bar") == ("4.1", "Foo Bar")
    assert split_heading_number("2018 Results") == (None, "2018 Results")


def test_eip_1559_front_matter_sections_and_code() -> None:
    document = parse_file(shared(HTML_MD / "eip-1559_fee_market.md"))
    assert_well_formed(document)
    assert document.format == "markdown"
    assert document.title == "Fee market change for ETH 1.0 chain"
    assert document.authors[:2] == ["Vitalik Buterin", "Eric Conner"]
    assert not any("@" in name or "(" in name for name in document.authors)
    assert document.metadata["requires"] == "2718, 2930"
    assert document.metadata["created"] == "2019-04-13"
    assert document.related[:2] == ["eip-2718", "eip-2930"]
    titles = [e.text for e in of_kind(document, ElementKind.SECTION)]
    assert titles[:4] == ["Simple Summary", "Abstract", "Motivation", "Specification"]
    block_hash = section(document, "Block Hash Changing")
    assert block_hash.level == 2
    assert block_hash.heading_path == ["Backwards Compatibility"]
    [code] = of_kind(document, ElementKind.CODE)
    assert code.language == "python"
    assert "class TransactionLegacy:" in code.text
    assert code.heading_path == ["Specification"]
    abstract = containing(document, "We introduce a new EIP-2718 transaction type")
    assert "./eip-2718.md" in abstract.links
    assert len(of_kind(document, ElementKind.LIST_ITEM)) >= 4


def test_eip_2718_title_and_nesting() -> None:
    document = parse_file(shared(HTML_MD / "eip-2718_typed_tx_envelope.md"))
    assert document.title == "Typed Transaction Envelope"
    assert document.authors == ["Micah Zoltu"]
    assert section(document, "Definitions").heading_path == ["Specification"]
    assert "eip-155" in document.related


def test_markdown_fixture_covers_every_element_kind() -> None:
    document = parse_file(FIXTURES / "spec.md")
    assert_well_formed(document)
    assert document.title == "Tiny Fee Rules"
    assert document.authors == ["Ada Lovelace", "Alan Turing"]
    assert document.metadata["created"] == "2024-05-17"
    assert document.related == ["eip-155", "eip-9000", "base-spec", "license"]
    numbered = [(e.number, e.text, e.level) for e in of_kind(document, ElementKind.SECTION)]
    assert numbered[:3] == [("1", "Summary", 1), ("2", "Specification", 1), ("2.1", "Fee table", 2)]
    summary = containing(document, "Tiny fee rules extend")
    assert summary.links == ["./base-spec.md#rules", "https://example.org/fees"]
    assert refs(summary) == {("section", "2.1"), ("table", "1")}
    items = [e.text for e in of_kind(document, ElementKind.LIST_ITEM)]
    assert items == [
        "Fees are paid in whole units.",
        "A block has a target size:",
        "half of the limit;",
        "never zero.",
    ]
    [table] = of_kind(document, ElementKind.TABLE)
    assert table.rows == [["Level", "Fee"], ["low", "1"], ["high", "5"]]
    assert table.heading_path == ["Specification", "Fee table"]
    fenced, indented = of_kind(document, ElementKind.CODE)
    assert (fenced.language, indented.language) == ("python", None)
    assert indented.text == "plain indented code"
    [figure] = of_kind(document, ElementKind.FIGURE)
    assert figure.caption == "Fee curve rising with demand" and figure.links == ["fee-curve.png"]


def test_markdown_title_from_the_only_h1() -> None:
    document = parse_file(FIXTURES / "base-spec.md")
    assert document.title == "Base Spec"
    assert [e.text for e in of_kind(document, ElementKind.SECTION)] == ["Rules"]
    assert document.metadata == {} and document.related == []


def test_ietf_draft_numbered_sections_from_pre_pages() -> None:
    document = parse_file(shared(HTML_MD / "ietf_draft_remoteStorage.html"))
    assert_well_formed(document)
    assert document.format == "html"
    assert document.title == "remoteStorage"
    assert document.authors == ["Kooman, F.", "Jong, Michiel de"]
    sections = {e.number: e for e in of_kind(document, ElementKind.SECTION) if e.number}
    expected = {
        "1": "Introduction",
        "4": "Requests",
        "9": "Bearer tokens and access control",
        "12": "Example wire transcripts",
        "12.1": "WebFinger",
        "12.8": "DELETE",
        "17.2": "Informative References",
        "18": "Authors' addresses",
    }
    assert {number: sections[number].text for number in expected} == expected
    assert len(sections) == 28
    assert sections["12.1"].parent == sections["12"].position
    assert sections["12.1"].level == 2 and sections["12"].level == 1
    unnumbered = [e.text for e in of_kind(document, ElementKind.SECTION) if not e.number]
    assert unnumbered == ["Abstract", "Status of this Memo", "Copyright Notice"]
    texts = " ".join(e.text for e in document.elements)
    assert "Table of Contents" not in texts and "....." not in texts
    assert "[Page" not in texts and "remoteStorage December 2014" not in texts
    joined = containing(document, "A folder description is a map containing a string-valued")
    assert joined.text.endswith("field, representing the folder's current version.")
    webfinger_reply = containing(document, "HTTP/1.1 200 OK", ElementKind.CODE)
    assert webfinger_reply.heading_path == ["Example wire transcripts", "WebFinger"]
    ranges = containing(document, "Servers MAY support Content-Range headers")
    assert "#section-10" in ranges.links and ("section", "10") in refs(ranges)


def test_html_fixture_main_content_without_chrome() -> None:
    document = parse_file(FIXTURES / "page.html")
    assert_well_formed(document)
    assert document.title == "Compilers for Everyone"
    assert document.authors == ["Grace Hopper", "Alan Turing"]
    assert document.metadata["description"] == "A small page for the HTML parser tests."
    texts = " ".join(e.text for e in document.elements)
    for chrome in ("Example Docs", "Guide", "sidebar", "Hidden text", "Copyright", "not content"):
        assert chrome not in texts
    sections = [(e.number, e.text, e.level) for e in of_kind(document, ElementKind.SECTION)]
    assert sections == [("1", "Introduction", 1), ("2", "Method", 1), ("2.1", "Results", 2)]
    intro = containing(document, "A compiler translates")
    assert intro.links == ["other.html"] and refs(intro) == {("table", "1"), ("figure", "1")}
    items = [e.text for e in of_kind(document, ElementKind.LIST_ITEM)]
    assert items == [
        "Parsing turns text into a tree.",
        "Lexing comes first.",
        "Code generation turns the tree into instructions.",
    ]
    [code] = of_kind(document, ElementKind.CODE)
    assert code.language == "python" and code.text.startswith("def compile(source):")
    [table] = of_kind(document, ElementKind.TABLE)
    assert (table.number, table.caption) == ("1", "Table 1: Stages of a compiler")
    assert table.rows == [
        ["Stage", "Input", "Output"],
        ["Lexer", "text", "tokens"],
        ["Parser", "tokens", "tree"],
    ]
    [figure] = of_kind(document, ElementKind.FIGURE)
    assert (figure.number, figure.caption) == ("1", "Figure 1: The compiler pipeline.")
    assert "Boxes for lexer" in figure.text and figure.links == ["pipeline.png"]
    assert containing(document, "Loose text in a container").kind is ElementKind.PARAGRAPH


def test_preformatted_draft_fixture() -> None:
    document = parse_file(FIXTURES / "draft.html")
    assert_well_formed(document)
    assert document.title == "Tiny Storage Protocol"
    assert document.authors == ["Doe, J.", "Roe, R."]
    sections = [(e.number, e.text, e.level) for e in of_kind(document, ElementKind.SECTION)]
    assert sections == [
        (None, "Abstract", 1),
        ("1", "Introduction", 1),
        ("2", "Requests", 1),
        ("2.1", "GET", 2),
    ]
    intro = containing(document, "The protocol stores documents")
    assert intro.text.endswith("This sentence runs on to the next page, where it ends.")
    assert intro.links == ["#section-2"] and refs(intro) == {("section", "2")}
    items = [e.text for e in of_kind(document, ElementKind.LIST_ITEM)]
    assert items == [
        "GET a document: retrieve its content and version",
        "PUT a document: store a new version",
    ]
    [code] = of_kind(document, ElementKind.CODE)
    assert code.text == "GET /storage/folder/ HTTP/1.1\nHost: example.com"
    assert code.heading_path == ["Requests", "GET"]
    texts = " ".join(e.text for e in document.elements)
    assert "Internet-Draft" not in texts and "[Page" not in texts and "..." not in texts


def test_usda_price_tables() -> None:
    document = parse_file(shared(PDFS / "usda-ag-energy-round-up-2017-02-24.pdf"))
    assert_well_formed(document)
    assert document.pages == 1
    tables = {t.caption: t for t in of_kind(document, ElementKind.TABLE)}
    ethanol = tables["Ethanol ($/gal)"]
    assert ethanol.rows is not None and ethanol.page == 1 and ethanol.bbox is not None
    assert ["Iowa", "1.35 - 1.42", "1.38 - 1.43", "1.27 - 1.35", "Iowa Ethanol"] in ethanol.rows
    assert ["Wisconsin", "unq", "unq", "1.27 - 1.34", "Wisconsin Ethanol"] in ethanol.rows
    biodiesel = tables["Biodiesel B100 (SME) ($/gal)"]
    assert biodiesel.rows == [
        ["", "", "", ""],  # no header row: no column is named by a price
        ["Iowa", "2.85", "2.99 - 3.30", "2.85 - 3.07"],
        ["IL/IN/OH", "unq", "3.47 - 3.54", "2.95 - 3.05"],
    ]
    futures = next(t for t in tables.values() if t.rows and t.rows[1][0].startswith("CME"))
    assert ["NYMEX Crude Oil ($/barrel)", "54.45", "53.36", "30.77", "CME Group"] in (
        futures.rows or []
    )
    charts = [f.caption for f in of_kind(document, ElementKind.FIGURE)]
    assert "Iowa Ethanol" in charts


def test_n18_paper_structure_against_grobid() -> None:
    document = parse_file(shared(PDFS / "N18-3011_LiteratureGraph.pdf"))
    assert_well_formed(document)
    tei = ET.parse(shared(PDFS / "N18-3011_LiteratureGraph.grobid.tei.xml")).getroot()
    ns = {"t": "http://www.tei-c.org/ns/1.0"}
    tei_title = "".join(tei.find(".//t:titleStmt/t:title", ns).itertext())  # type: ignore[union-attr]
    assert document.title == tei_title == "Construction of the Literature Graph in Semantic Scholar"
    assert document.pages == 8
    assert {"Waleed Ammar", "Lucy Lu Wang", "Oren Etzioni"} <= set(document.authors)
    heads = [(h.get("n"), "".join(h.itertext())) for h in tei.findall(".//t:body/t:div/t:head", ns)]
    ours = [(e.number, e.text) for e in of_kind(document, ElementKind.SECTION)]
    assert len(heads) == 12 and all(head in ours for head in heads)
    assert section(document, "Entity Linking Models").heading_path == [
        "Entity Extraction and Linking"
    ]
    assert {"Abstract", "References"} <= {e.text for e in of_kind(document, ElementKind.SECTION)}
    assert all(e.page is not None and e.bbox is not None for e in document.elements)

    tables = {t.number: t for t in of_kind(document, ElementKind.TABLE)}
    assert set(tables) == {"1", "2", "3", "4"}
    assert tables["1"].caption == "Table 1: Results of the ScienceParse system."
    assert tables["1"].page == 3 and ["title", "85.5", "85.5", "85.5"] in (tables["1"].rows or [])
    assert ["Neural", "84.6", "85.8"] in (tables["4"].rows or [])
    [figure] = of_kind(document, ElementKind.FIGURE)
    assert (figure.number, figure.caption, figure.page) == (
        "1",
        "Figure 1: Part of the literature graph.",
        1,
    )

    results = containing(document, "The results are detailed in Table 1", ElementKind.PARAGRAPH)
    assert ("table", "1") in refs(results)
    # a bold run-in head ("Entities. Each node ...") is a heading of its own, whole
    entities = containing(document, "represents a unique scientific concept", ElementKind.PARAGRAPH)
    assert entities.text.startswith("Each node of this type")
    assert entities.heading_path[-1] == "Entities"
    assert ("section", "4.3") in refs(entities)
    linking = containing(document, "Given a text span s identified", ElementKind.PARAGRAPH)
    assert ("section", "4.2") in refs(linking)
    questions = of_kind(document, ElementKind.LIST_ITEM)
    assert [q.text for q in questions][-1] == (
        "Which papers discuss the effects of Ranibizumab on the Retina?"
    )
    # a paragraph broken by a column and a table continues as one paragraph
    model = containing(document, "The input token representations")
    assert model.heading_path[-1] == "Model"
    assert "fed into a two-layer bidirectional LSTM" in model.text
    assert not any("Proceedings of NAACL" in e.text for e in document.elements)


def test_pdf_fixture_two_columns_tables_figures() -> None:
    document = parse_file(FIXTURES / "paper.pdf")
    assert_well_formed(document)
    assert document.format == "pdf" and document.pages == 1
    assert document.title == "Graph Parsing of Small Documents"
    assert document.authors == ["Ada Lovelace", "Alan Turing", "Grace Hopper"]
    sections = [(e.number, e.text, e.level) for e in of_kind(document, ElementKind.SECTION)]
    assert sections == [
        (None, "Abstract", 1),
        ("1", "Introduction", 1),
        ("2", "Method", 1),
        ("2.1", "Test Data", 2),
        ("3", "Conclusion", 1),
        (None, "References", 1),
    ]
    intro = containing(document, "Documents arrive as PDF files")
    conclusion = containing(document, "Small fixtures keep the parser honest")
    assert refs(conclusion) == {("table", "1"), ("table", "2")}
    assert refs(intro) == {("table", "1"), ("figure", "1"), ("section", "2.1")}
    assert [e.text for e in of_kind(document, ElementKind.LIST_ITEM)] == [
        "headings become sections with their numbers and their nesting;",
        "running text becomes paragraphs in reading order, even across columns.",
    ]
    spanning = containing(document, "A paragraph that starts near the bottom")
    assert spanning.text.endswith("where joining would be trivial and prove nothing.")
    assert spanning.bbox is not None and spanning.bbox[2] < 300  # box of the first column part
    ruled, grid = sorted(of_kind(document, ElementKind.TABLE), key=lambda t: t.number or "")
    assert (ruled.number, ruled.caption) == ("1", "Table 1: Scores of the two parsers.")
    assert ruled.rows and ruled.rows[0] == ["Parser", "Precision", "Recall"]
    assert ruled.rows[1:] == [["Alpha", "0.91", "0.88"], ["Beta", "0.85", "0.93"]]
    assert (grid.number, grid.rows) == ("2", [["Kind", "Count"], ["Tables", "2"]])
    assert grid.heading_path == ["Introduction"]  # caption above a fully ruled grid
    [figure] = of_kind(document, ElementKind.FIGURE)
    assert figure.number == "1" and figure.caption == "Figure 1: A small drawing of two nodes."
    assert figure.bbox is not None and figure.bbox[3] - figure.bbox[1] > 40  # drawing included
    references = [e for e in document.elements if e.heading_path == ["References"]]
    assert [e.text.split(".")[0] for e in references] == ["Ada Lovelace", "Alan Turing"]
    assert all(e.page == 1 and e.bbox is not None for e in document.elements)


def test_pdf_fixture_running_lines_footnotes_and_uncaptioned_floats() -> None:
    document = parse_file(FIXTURES / "report.pdf")
    assert_well_formed(document)
    assert (document.title, document.authors, document.pages) == ("Weekly Price Report", [], 2)
    texts = [e.text for e in document.elements]
    assert not any("Example Market News" in t or t.startswith("Page ") for t in texts)
    assert [e.text for e in of_kind(document, ElementKind.LIST_ITEM)] == [
        "Bullet glyphs in the text mark list items.",
        "A second item follows the first one.",
    ]
    tables = {t.caption: t.rows for t in of_kind(document, ElementKind.TABLE)}
    assert tables == {
        "Ethanol ($/gal)": [
            ["", "", ""],
            ["Iowa", "1.35 - 1.42", "1.38 - 1.43"],
            ["Nebraska", "1.38 - 1.40", "1.36 - 1.43"],
        ],
        "Biodiesel ($/gal)": [
            ["", "", ""],
            ["Iowa", "2.85", "2.99 - 3.30"],
            ["Illinois", "unq", "3.47 - 3.54"],
        ],
    }
    formula = texts.index("p = α + β · q")  # display maths stays apart from the prose
    assert texts[formula + 1] == "1 Prices come from the example market survey."  # footnote
    [chart] = of_kind(document, ElementKind.FIGURE)
    assert chart.page == 2 and "Week 8" in chart.text and chart.heading_path == ["Trend"]


def test_iter_files_walks_folders_in_order(tmp_path: Path) -> None:
    (tmp_path / "b").mkdir()
    (tmp_path / ".hidden").mkdir()
    for name in ("b/z.md", "b/a.PDF", "a.html", "notes.txt", ".hidden/x.md", "c.htm"):
        (tmp_path / name).write_text("x")
    explicit = tmp_path / "notes.txt"
    found = list(iter_files([tmp_path, explicit, tmp_path / "a.html"]))
    assert found == [
        tmp_path / "a.html",
        tmp_path / "b" / "a.PDF",
        tmp_path / "b" / "z.md",
        tmp_path / "c.htm",
        explicit,
    ]
    fixtures = [p.relative_to(FIXTURES) for p in iter_files([FIXTURES])]
    assert fixtures == sorted(fixtures)
    assert {
        Path("paper.pdf"),
        Path("spec.md"),
        Path("real/wikipedia-hermitian-matrix.html"),
    } <= set(fixtures)


@pytest.mark.parametrize(
    ("name", "content", "reason"),
    [
        ("empty.pdf", b"", "the file is empty"),
        ("truncated.pdf", None, "not a readable PDF"),
        ("notes.md", b"\x89PNG\r\n\x1a\n\x00\x00\x00binary", "not a text file"),
        ("report.docx", b"PK\x03\x04", "not a document format: '.docx'"),
        ("page.html", b"\x00\x01\x02\x03", "not an HTML file"),
        ("gone.pdf", "missing", "no such file or folder"),
        ("gone", "missing", "no such file or folder"),
        ("folder.md", "folder", "not a regular file"),
    ],
)
def test_bad_files_fail_with_path_and_reason(
    tmp_path: Path, name: str, content: bytes | str | None, reason: str
) -> None:
    path = tmp_path / name
    if content is None:
        whole = (FIXTURES / "paper.pdf").read_bytes()
        path.write_bytes(whole[: len(whole) // 3])
    elif content == "folder":
        path.mkdir()
    elif isinstance(content, bytes):
        path.write_bytes(content)
    with pytest.raises(DocumentParseError) as caught:
        parse_file(path)
    assert caught.value.path == path
    assert reason in caught.value.reason
    assert str(path) in str(caught.value)


def test_one_bad_file_does_not_stop_the_rest(tmp_path: Path) -> None:
    (tmp_path / "good.md").write_text("# Good\n\nText.\n", encoding="utf-8")
    (tmp_path / "bad.pdf").write_bytes(b"%PDF-1.4 not really")
    parsed, failed = [], []
    for path in iter_files([tmp_path]):
        try:
            parsed.append(parse_file(path).title)
        except DocumentParseError as error:
            failed.append((error.path.name, error.reason))
    assert parsed == ["Good"] and [name for name, _ in failed] == ["bad.pdf"]
    assert "not a readable PDF" in failed[0][1]
