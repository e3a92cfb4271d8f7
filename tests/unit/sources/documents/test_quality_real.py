"""Issue #24's document defect classes, each shown on a real public input (offline: the
parsers, the lints and the checks, no database). See tests/fixtures/SOURCES.md.
"""

from __future__ import annotations

import re
from pathlib import Path

from taskspace.core.shapes import heading_cut
from taskspace.sources.documents.duplicates import DuplicateGuard, document_sample
from taskspace.sources.documents.entities import Mention
from taskspace.sources.documents.entity_links import cited_surnames, generic_entity, resolve_names
from taskspace.sources.documents.entity_rows import preamble_fields
from taskspace.sources.documents.graph_rows import document_rows
from taskspace.sources.documents.model import ElementKind
from taskspace.sources.documents.parse import parse_file
from taskspace.sources.documents.sentences import split_sentences
from taskspace.sources.documents.table_shape import readable_rows, shaped_rows
from taskspace.tasks.scoring.checks import check_passes
from tests.support.locations import TESTS
from tests.unit.sources.documents.test_pdf_real import federal_register, specter

REAL = TESTS / "fixtures" / "documents" / "real"


def test_a_readme_is_titled_by_its_opening_heading_which_is_no_section() -> None:
    document = parse_file(REAL / "readme-simcse" / "README.md")
    assert document.title == "SimCSE: Simple Contrastive Learning of Sentence Embeddings"
    sections = [e.text for e in document.elements if e.kind is ElementKind.SECTION]
    assert sections == ["Quick Links", "Overview", "Getting Started", "Citation"]


def test_a_closing_citation_heading_never_titles_a_readme(tmp_path: Path) -> None:
    """The same README with its closing section promoted to the only ``#`` heading (as
    READMEs that end in ``# Citation`` write it): its first heading is outranked, so no
    heading opens it and the title is the repository folder's name, not "Citation"."""
    text = (REAL / "readme-simcse" / "README.md").read_text(encoding="utf-8")
    folder = tmp_path / "SimCSE"
    folder.mkdir()
    (folder / "README.md").write_text(text.replace("## Citation", "# Citation"), "utf-8")
    document = parse_file(folder / "README.md")
    assert document.title == "SimCSE"
    assert "Citation" in [e.text for e in document.elements if e.kind is ElementKind.SECTION]


def test_run_in_heads_are_whole_headings_and_their_paragraphs_start_after_them() -> None:
    document = federal_register()
    summary = next(e for e in document.elements if e.text.startswith("The FAA proposes"))
    assert summary.heading_path == ["SUMMARY"]
    contact = next(e for e in document.elements if e.text.startswith("Ian Won, Manager"))
    assert contact.heading_path == ["FOR FURTHER INFORMATION CONTACT"]
    headings = [e.text for e in document.elements if e.kind is ElementKind.SECTION]
    assert not [h for h in headings if heading_cut(h)], "no heading ends mid-phrase"


def test_heading_cut_names_what_a_heading_never_ends_on() -> None:
    for cut in ("Cross-lingual decomposition training Train-", "Evaluation of the system for"):
        assert heading_cut(cut) is not None
    assert heading_cut("Cross-lingual decomposition training") is None


def test_a_multi_level_header_without_its_spans_names_no_column() -> None:
    tables = {t.number: t for t in specter().elements if t.kind is ElementKind.TABLE}
    assert tables["1"].rows is None  # task / subtask / metric levels, spans lost
    header = (tables["2"].rows or [[]])[0]
    assert header == ["", "CLS", "USR", "CITE", "REC", "Avg."]


def test_columns_that_ran_together_and_pseudo_code_are_no_table() -> None:
    merged = [["", "1-best"], ["Baseline", "71.9 77.3 84.3 85.4"], ["Hybrid", "88.1 89.4"]]
    assert not readable_rows(merged)
    code = [["for all i ←0 . . . I −1 : do", ""], ["end for ← − ∇", "w"], ["return w", ""]]
    assert not readable_rows(code)
    ranges = [["", "Price"], ["Iowa", "1.35 - 1.42"], ["Nebraska", "1.38 - 1.40"]]
    assert readable_rows(ranges) and shaped_rows(ranges) == ranges


def test_sentences_keep_abbreviations_whole() -> None:
    mail = next(e for e in federal_register().elements if e.text.startswith("Mail: U.S."))
    assert split_sentences(mail.text) == [mail.text]
    old_regex = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=[\"'(\[]?[A-Z0-9`*])")
    assert len(old_regex.split(mail.text)) == 2  # the rule it replaces cut "U.S. | Department"
    assert split_sentences("It was bought by Apple Inc. in 2010. Later, it closed.") == [
        "It was bought by Apple Inc. in 2010.",
        "Later, it closed.",
    ]


def test_a_computed_number_is_met_at_its_inputs_precision() -> None:
    # SPECTER's Table 2, column CLS: 84.5 (+ venue) - 81.7 (Start w/ BERT-Large)
    assert check_passes("number", "2.8", "2.8")
    assert check_passes("number", "2.8", "The difference is 2.80 points.")
    assert not check_passes("number", "2.8", "3")
    # three-decimal inputs: the exact difference passes, a coarser rounding does not
    assert check_passes("number", "0.302", "0.302")
    assert not check_passes("number", "0.302", "0.3")
    assert check_passes("number", "12", "12") and not check_passes("number", "12", "12.4")


def test_a_bare_surname_links_no_document_and_generic_words_are_no_entity() -> None:
    text = " ".join(e.text for e in specter().elements if e.kind is ElementKind.PARAGRAPH)
    cited = cited_surnames([text])  # "(van der Maaten, 2014)", "Chen et al. (2019)" ...
    assert {"Maaten", "Chen", "Wang"} <= cited
    mentions = [Mention("chen", "Chen", "name"), Mention("url", "URL", "acronym")]
    resolved, local = resolve_names(mentions, cited)
    assert resolved[1] is None and generic_entity("URL")
    assert local == {"chen"}  # kept to this document, never merged with another's "Chen"
    full = Mention("ann smith", "Ann Smith", "name")
    resolved, local = resolve_names([Mention("smith", "Smith", "name"), full], set())
    assert resolved[0] == full and not local  # the document's own full name


def test_a_series_name_without_its_number_is_no_entity() -> None:
    # The real EIP-3860 says "this EIP" and "[EIP-170](./eip-170.md)": only the numbered
    # one names a document; the bare word is what every EIP calls itself, so a cloze on
    # it ("this ____ requires a network upgrade") would also take "proposal".
    path = REAL / "eip-3860.md"
    rows = document_rows(parse_file(path), "source:test", 1000, path.name)
    labels = {row["props"]["label"] for row in rows.entities}
    assert {"EIP-170", "EIP-1014"} <= labels
    assert not labels & {"EIP", "EIPs", "EOA", "RFC"}
    assert generic_entity("EIP") and generic_entity("EOAs") and not generic_entity("EIP-170")


def test_a_fragment_of_a_loaded_page_is_reported_not_loaded(tmp_path: Path) -> None:
    page = parse_file(REAL / "wikipedia-time-loop-films.html")
    guard = DuplicateGuard()
    guard.add("time-loop.html", page.path, document_sample(page))
    fragment = page.model_copy(
        update={
            "path": str(tmp_path / "copy.html"),
            "elements": page.elements[: len(page.elements) // 2],
        }
    )
    refused, _ = guard.check("copy.html", document_sample(fragment))
    assert refused is not None and "fragment of" in refused and page.path in refused
    copy = page.model_copy(update={"path": str(tmp_path / "again.html")})
    refused, _ = guard.check("again.html", document_sample(copy))
    assert refused is not None and refused.startswith("a copy of")
    other = parse_file(REAL / "wikipedia-hermitian-matrix.html")
    assert guard.check("hermitian.html", document_sample(other)) == (None, [])
    # the same document read again (its key) is a reload, not a copy of itself
    assert guard.check("time-loop.html", document_sample(copy)) == (None, [])


def test_html_tables_in_a_readme_stay_tables_and_their_cells_no_paragraphs() -> None:
    """DINOv2's README writes its model tables in HTML: each is one table with its rows, and
    no cell's text is promoted to a paragraph of its own (as it was before)."""
    parsed = parse_file(REAL / "dinov2-readme-pretrained.md")
    tables = [e for e in parsed.elements if e.kind is ElementKind.TABLE]
    assert [len(t.rows or []) for t in tables] == [9, 9]
    first = tables[0].rows or [[]]
    assert first[0][:3] == ["model", "# of params", "with registers"]
    assert first[1][0] == "ViT-S/14 distilled"
    paragraphs = [e.text for e in parsed.elements if e.kind is ElementKind.PARAGRAPH]
    assert paragraphs and not any("ViT-S/14 distilled" in text for text in paragraphs)


def test_a_first_section_after_front_text_is_no_title() -> None:
    """Rust RFCs open with a list (feature name, dates, PR) and then "## Summary" beside
    "## Motivation": "Summary" would title every RFC, and its section would be lost. An RFC
    that opens with its own "## RFC: …" line is titled by it."""
    rfc = parse_file(REAL / "rust-rfcs" / "1758-repr-transparent.md")
    assert rfc.title == "1758-repr-transparent"
    sections = [e.text for e in rfc.elements if e.kind is ElementKind.SECTION]
    assert sections[:3] == ["Summary", "Motivation", "Detailed design"]
    titled = parse_file(REAL / "rust-rfcs" / "3052-optional-authors-field.md")
    assert titled.title == "RFC: Make the authors field optional"
    assert next(e.text for e in titled.elements if e.kind is ElementKind.SECTION) == "Summary"


def test_a_placeholder_name_is_no_entity() -> None:
    """The real RFC 1758 writes ``struct Foo(T)``, and RFC 1270 a ``Foo`` type: "Foo"
    stands for anything, so it joins no two documents and blanks no cloze."""
    path = REAL / "rust-rfcs" / "1758-repr-transparent.md"
    rows = document_rows(parse_file(path), "source:test", 1000, path.name)
    labels = {row["props"]["label"] for row in rows.entities}
    assert {"ARM64", "UnsafeCell", "AtomicUsize"} <= labels
    assert "Foo" not in labels and generic_entity("Foo") and generic_entity("bar")


def test_a_header_of_fields_names_no_entity_by_its_labels() -> None:
    """Every Rust RFC opens with "Feature Name:", "Start Date:", "RFC PR:" and "Rust
    Issue:" items ahead of any section: as entities those labels joined all RFCs to each
    other. Their values are still read (a glossary keeps its terms: the next test)."""
    labels: dict[str, set[str]] = {}
    for name in ("1758-repr-transparent.md", "3052-optional-authors-field.md"):
        path = REAL / "rust-rfcs" / name
        document = parse_file(path)
        assert len(preamble_fields(document.elements)) == 4, name
        rows = document_rows(document, "source:test", 1000, path.name)
        labels[name] = {row["props"]["label"] for row in rows.entities}
        fields = {"Feature Name", "Start Date", "PR", "RFC PR", "Issue", "Date"}
        assert not labels[name] & fields, name
    assert {"ARM64", "UnsafeCell", "AtomicUsize"} <= labels["1758-repr-transparent.md"]


def test_a_glossary_under_a_heading_or_a_lone_field_keeps_its_terms(tmp_path: Path) -> None:
    glossary = tmp_path / "glossary.md"
    glossary.write_text(
        "# Terms\n\n- Semantic Scholar: a search engine for papers.\n"
        "- Open Research Knowledge Graph: a graph of research contributions.\n\n"
        "Semantic Scholar and Open Research Knowledge Graph are named again here.\n",
        encoding="utf-8",
    )
    lone = tmp_path / "lone.md"
    lone.write_text(
        "- Semantic Scholar: where the papers came from\n\n## Method\n\n"
        "We read Semantic Scholar records.\n",
        encoding="utf-8",
    )
    for path in (glossary, lone):
        document = parse_file(path)
        assert preamble_fields(document.elements) == {}, path.name
        labels = {
            row["props"]["label"]
            for row in document_rows(document, "source:test", 1000, path.name).entities
        }
        assert "Semantic Scholar" in labels, (path.name, labels)
