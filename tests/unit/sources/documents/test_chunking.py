"""Chunk packing on real documents (offline: the parsers and the chunker, no database).

A chunk packs the short sections that follow one another under one parent up to the size
limit; a section too large for one chunk is chunked alone; every section a chunk holds is
named by its heading path.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from taskspace.sources.documents.chunking import (
    DEFAULT_CHUNK_CHARS,
    JOINER,
    Chunk,
    chunk_document,
    section_path,
)
from taskspace.sources.documents.model import DocElement, ElementKind, ParsedDocument
from taskspace.sources.documents.parse import parse_file
from tests.support.docs import EIP_2718, REAL_DOCS, require_real_eips
from tests.support.locations import TESTS

REAL = TESTS / "fixtures" / "documents" / "real"
IN_REPO = [
    REAL / "readme-simcse" / "README.md",
    REAL / "dinov2-readme-pretrained.md",
    REAL / "wikipedia-hermitian-matrix.html",
    REAL / "2020.acl-main.207-p3-7.pdf",
]


def _documents() -> list[ParsedDocument]:
    shared = [*require_real_eips(), REAL_DOCS / "ietf_draft_remoteStorage.html"]
    return [parse_file(path) for path in [*IN_REPO, *shared] if path.is_file()]


@pytest.fixture(scope="module")
def documents() -> list[ParsedDocument]:
    return _documents()


def _section_of(element: DocElement) -> int | None:
    return element.position if element.kind is ElementKind.SECTION else element.parent


def _sections(document: ParsedDocument, chunk: Chunk) -> list[int | None]:
    """The sections whose text the chunk holds, in reading order, once each."""
    by_position = {element.position: element for element in document.elements}
    return list(dict.fromkeys(_section_of(by_position[p]) for p in chunk.positions))


def _parent(document: ParsedDocument, section: int | None) -> int | None:
    return None if section is None else document.elements[section].parent


def _block_sizes(document: ParsedDocument) -> dict[int | None, int]:
    """Characters of each section's own text, as the unpacked chunks hold it."""
    sizes: dict[int | None, int] = {}
    for chunk in chunk_document(document, pack=False):
        for piece in chunk.pieces:
            key = _section_of(document.elements[piece.position])
            sizes[key] = sizes.get(key, -len(JOINER)) + len(JOINER) + len(piece.text)
    return sizes


def test_short_sibling_sections_of_eip_2718_share_a_chunk() -> None:
    require_real_eips()
    document = parse_file(EIP_2718)
    unpacked, packed = chunk_document(document, pack=False), chunk_document(document)
    assert (len(unpacked), len(packed)) == (16, 9)
    rationale = [chunk for chunk in packed if chunk.heading_path == ["Rationale"]]
    assert [path[-1] for path in rationale[0].heading_paths] == [
        "Rationale",
        "TransactionType only goes up to 0x7f",
        "SHOULD instead of MUST for the TransactionType being first byte of signed data",
    ]
    text = rationale[0].text
    assert text.index("TransactionType only goes up to 0x7f") < text.index("SHOULD instead of")
    closing = packed[-1]
    assert closing.heading_paths == [
        ["Backwards Compatibility"],
        ["Security Considerations"],
        ["Copyright"],
    ]


def test_packing_loses_nothing_and_keeps_to_the_limit(documents: list[ParsedDocument]) -> None:
    packed_total = unpacked_total = 0
    for document in documents:
        unpacked, packed = chunk_document(document, pack=False), chunk_document(document)
        pieces = [piece for chunk in packed for piece in chunk.pieces]
        assert pieces == [piece for chunk in unpacked for piece in chunk.pieces], document.path
        assert all(len(chunk.text) <= DEFAULT_CHUNK_CHARS for chunk in packed)
        assert [chunk.index for chunk in packed] == list(range(len(packed)))
        assert packed == chunk_document(document)  # the same file, the same chunks
        packed_total += len(packed)
        unpacked_total += len(unpacked)
    assert packed_total < 0.9 * unpacked_total  # 117 of 135 on these files


def test_a_chunk_never_crosses_into_another_parent(documents: list[ParsedDocument]) -> None:
    """After the first section, every section of a chunk is a child of one parent: the first
    section's own parent (siblings) or the first section (its heading and introduction)."""
    packed_any = False
    for document in documents:
        for chunk in chunk_document(document):
            first, *rest = _sections(document, chunk)
            parents = {_parent(document, section) for section in rest}
            assert len(parents) <= 1, (document.path, chunk.heading_paths)
            assert parents <= {_parent(document, first), first}, (document.path, chunk.index)
            packed_any |= bool(rest)
    assert packed_any


def test_a_section_larger_than_the_limit_is_chunked_alone(
    documents: list[ParsedDocument],
) -> None:
    large = 0
    for document in documents:
        sizes = _block_sizes(document)
        for chunk in chunk_document(document):
            sections = _sections(document, chunk)
            if any(sizes[section] > DEFAULT_CHUNK_CHARS for section in sections):
                assert len(sections) == 1, (document.path, chunk.heading_paths)
                large += 1
    assert large > 10


def test_every_section_a_chunk_holds_is_named_by_its_heading_path(
    documents: list[ParsedDocument],
) -> None:
    for document in documents:
        for chunk in chunk_document(document):
            expected = [
                section_path(document.elements[section])
                if section is not None
                else document.elements[chunk.positions[0]].heading_path
                for section in _sections(document, chunk)
            ]
            assert chunk.heading_paths == [path for path in expected if path], document.path
            assert chunk.heading_path in [*chunk.heading_paths[:1], []]  # where it begins
            for path in chunk.heading_paths[1:]:
                assert path[-1] in chunk.text  # each packed section's heading stays in place


def test_unpacked_chunks_hold_one_section_each(documents: list[ParsedDocument]) -> None:
    for document in documents:
        for chunk in chunk_document(document, pack=False):
            assert len(_sections(document, chunk)) == 1


def test_a_changelog_of_short_sections_packs_into_few_chunks(tmp_path: Path) -> None:
    """A real changelog shape: one parent, many one-line releases."""
    releases = "\n\n".join(
        f"## 1.{minor}.0\n\n- Fixed issue #{100 + minor} in the loader." for minor in range(30)
    )
    path = tmp_path / "CHANGELOG.md"
    path.write_text(f"# Changelog\n\n{releases}\n", encoding="utf-8")
    document = parse_file(path)
    unpacked, packed = chunk_document(document, pack=False), chunk_document(document)
    assert len(unpacked) >= 30
    assert len(packed) <= 4
    assert sum(len(chunk.heading_paths) for chunk in packed) == 30
