"""Helpers for the document parser tests: fixture paths and element look-ups."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from taskspace.sources.documents.model import DocElement, ElementKind, ParsedDocument
from tests.support import SHARED_DATA
from tests.support.locations import TESTS

FIXTURES = TESTS / "fixtures" / "documents"
HTML_MD = SHARED_DATA / "documents" / "html_md"
PDFS = SHARED_DATA / "documents" / "pdf"


def shared(path: Path) -> Path:
    if not path.exists():
        pytest.skip(f"shared test data not present: {path}")
    return path


def of_kind(document: ParsedDocument, kind: ElementKind) -> list[DocElement]:
    return [e for e in document.elements if e.kind is kind]


def section(document: ParsedDocument, title: str) -> DocElement:
    found = [e for e in of_kind(document, ElementKind.SECTION) if e.text == title]
    assert found, (
        f"no section {title!r} in {[e.text for e in of_kind(document, ElementKind.SECTION)]}"
    )
    return found[0]


def containing(document: ParsedDocument, words: str, kind: ElementKind | None = None) -> DocElement:
    found = [e for e in document.elements if words in e.text and (kind is None or e.kind is kind)]
    assert found, f"no element contains {words!r}"
    return found[0]


def refs(element: DocElement) -> set[tuple[str, str]]:
    return {(r.kind, r.number) for r in element.references}


def assert_well_formed(document: ParsedDocument) -> None:
    """Positions in order, parents point back at sections, metadata is JSON."""
    json.dumps(document.metadata)
    for position, element in enumerate(document.elements):
        assert element.position == position
        assert element.text.strip()
        if element.parent is not None:
            parent = document.elements[element.parent]
            assert parent.kind is ElementKind.SECTION and element.parent < position
            assert element.heading_path[-1] == parent.text
