"""Markdown is told from binary by the rule every text input shares (core.binary)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from taskspace.sources.documents.errors import DocumentParseError
from taskspace.sources.documents.parse import parse_file
from tests.support import SHARED_DATA, require_shared
from tests.support.locations import FIXTURES

EIP = SHARED_DATA / "documents" / "html_md" / "eip-2718_typed_tx_envelope.md"


@pytest.mark.parametrize("binary", [FIXTURES / "documents" / "paper.pdf", "shared-png"])
def test_a_real_binary_file_named_md_is_refused_with_the_shared_reason(
    tmp_path: Path, binary: Path | str
) -> None:
    source = (
        next(require_shared(SHARED_DATA / "gui" / "aitz_episode").glob("*.png"))
        if binary == "shared-png"
        else Path(binary)
    )
    notes = tmp_path / "notes.md"
    shutil.copy(source, notes)
    with pytest.raises(DocumentParseError) as caught:
        parse_file(notes)
    assert caught.value.reason == "not a text file (binary content: NUL bytes)"


@pytest.mark.parametrize("source", [FIXTURES / "documents" / "spec.md", EIP])
def test_a_real_markdown_file_loads_and_loads_the_same_in_utf16(
    tmp_path: Path, source: Path
) -> None:
    text = require_shared(source).read_text(encoding="utf-8")
    wide = tmp_path / source.name
    wide.write_bytes(text.encode("utf-16"))  # as Windows tools write it: with its mark
    plain, widened = parse_file(source), parse_file(wide)
    assert len(plain.elements) > 5
    assert [(e.kind, e.text) for e in widened.elements] == [
        (e.kind, e.text) for e in plain.elements
    ]
    assert widened.title == plain.title
