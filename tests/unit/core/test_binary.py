"""Binary bodies are told from text, whatever their name or declared type."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from taskspace.core.binary import binary_reason
from taskspace.sources.documents.errors import DocumentParseError
from taskspace.sources.documents.parse import parse_file
from tests.support import SHARED_DATA, require_shared
from tests.support.locations import FIXTURES

IMAGES = SHARED_DATA / "web" / "mkdocs_org_site" / "img"
TEXT_SUFFIXES = {".html", ".htm", ".md", ".json", ".jsonl", ".ttl", ".nt", ".xml", ".yaml", ".csv"}


def test_real_images_and_pdfs_are_binary_and_real_text_is_not() -> None:
    pdfs = (SHARED_DATA / "documents" / "pdf").glob("*.pdf")
    binaries = [
        *require_shared(IMAGES).glob("*.png"),
        *pdfs,
        *(FIXTURES / "documents").glob("*.pdf"),
    ]
    assert binaries and all(binary_reason(path.read_bytes()) for path in binaries)
    texts = [
        path
        for root in (FIXTURES, SHARED_DATA)
        for path in root.rglob("*")
        if path.suffix in TEXT_SUFFIXES
        and path.is_file()
        and not {"bad", "w3c"} & set(path.parts)  # W3C literals hold NUL on purpose
    ]
    assert len(texts) > 50
    assert [path for path in texts if binary_reason(path.read_bytes())] == []
    assert binary_reason("Привет, мир. ".encode("cp1251") * 500) is None  # not UTF-8, text
    assert binary_reason("héllo".encode("utf-16")) is None  # with its byte-order mark


def test_a_control_byte_soup_without_nul_is_binary() -> None:
    body = bytes(range(1, 256)) * 40  # every byte value but NUL
    reason = binary_reason(body)
    assert reason is not None and reason.endswith(" control bytes in the first 8192")


def test_a_real_image_named_html_is_refused_with_the_reason(tmp_path: Path) -> None:
    page = tmp_path / "download.html"
    shutil.copy(next(require_shared(IMAGES).glob("*.png")), page)
    with pytest.raises(DocumentParseError) as caught:
        parse_file(page)
    assert caught.value.reason == "not an HTML file (binary content: NUL bytes)"
