"""`verify_order` on a real Rust RFC: two sections are compared only when neither holds the
other. RFC 3052 (tests/fixtures/SOURCES.md) has "Reference-level explanation" with three
subsections, "Cargo", "crates.io" and "docs.rs": whether "Cargo" comes before the section
it sits in has no clear answer, and the nearest section in reading order was that one."""

from __future__ import annotations

from taskspace.generators.templates.engine import build_task, rederive, run_template_query
from taskspace.generators.templates.templates import load_templates
from taskspace.graph.connection import Graph
from taskspace.sources.documents.loader import load_documents
from tests.support.locations import TESTS

RFC = TESTS / "fixtures" / "documents" / "real" / "rust-rfcs" / "3052-optional-authors-field.md"
NESTED = """
MATCH (d:Document {path: $path})-[:HAS_SECTION]->(:Section)-[:CONTAINS]->*(s:Section)
RETURN s.id AS id, trim(s.text) AS title,
       COLLECT { MATCH (s)-[:CONTAINS]->+(inner:Section) RETURN trim(inner.text) } AS inside
"""


def test_a_section_is_never_ordered_against_one_inside_it(graph: Graph) -> None:
    report = load_documents(graph, [RFC])
    assert not report.failed, report.failed
    sections = graph.read_text(NESTED, path=str(RFC.resolve()))
    inside = {row["title"]: set(row["inside"]) for row in sections}
    assert inside["Reference-level explanation"] == {"Cargo", "crates.io", "docs.rs"}
    spec = next(spec for spec in load_templates("doc") if spec.name == "verify_order")
    rows = run_template_query(graph, spec, anchors=[row["id"] for row in sections])
    pairs = {(row["first"], row["second"]) for row in rows}
    assert len(rows) == len(sections) == 12  # each section has a partner
    for first, second in pairs:
        assert second not in inside[first] and first not in inside[second], (first, second)
    assert ("Reference-level explanation", "Guide-level explanation") in pairs
    assert ("Cargo", "crates.io") in pairs
    for row in rows:
        task = build_task(spec, row, seed=0)
        assert task is not None, row
        assert rederive(graph, spec, task), task.prompt
