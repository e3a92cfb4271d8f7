"""Large Markdown is parsed in pieces; the pieces must read exactly as the whole does."""

from __future__ import annotations

import pytest

from taskspace.sources.documents.markdown import (
    parse_body,
    read_text,
    split_front_matter,
    split_pieces,
)
from tests.support.docs import EIP_1559, EIP_2718, require_real_eips
from tests.support.locations import TESTS

FIXTURE = TESTS / "fixtures" / "documents" / "spec.md"


def _outline(body: str, piece_chars: int) -> list[tuple[str, str, int | None]]:
    return [(e.kind.value, e.text, e.level) for e in parse_body(body, piece_chars)]


@pytest.mark.parametrize("name", ["fixture", "eip-1559", "eip-2718"])
def test_pieces_read_as_the_whole(name: str) -> None:
    if name == "fixture":
        path = FIXTURE
    else:
        require_real_eips()
        path = EIP_1559 if name == "eip-1559" else EIP_2718
    _, body = split_front_matter(read_text(path))
    pieces = split_pieces(body, 300)
    assert len(pieces) > 1 and "".join(pieces) == body
    assert _outline(body, 300) == _outline(body, 10**9)


def test_no_cut_inside_a_code_fence() -> None:
    body = "# A\n\ntext\n\n```md\n" + "# not a heading\n" * 50 + "```\n\n# B\n\nmore\n"
    pieces = split_pieces(body, 20)
    assert [p.splitlines()[0] for p in pieces] == ["# A", "# B"]
    assert [kind for kind, _, _ in _outline(body, 20)] == [
        "section",
        "paragraph",
        "code",
        "section",
        "paragraph",
    ]
