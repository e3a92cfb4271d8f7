"""What a reader sees of a retrieved chunk's place: every section it packs, by heading path."""

from __future__ import annotations

from tests.support.retrieved import NESTED, PACKED, UNPACKED


def test_every_packed_section_is_shown_after_the_document() -> None:
    assert PACKED.where(" / ") == (
        "Typed Transaction Envelope / Backwards Compatibility; Security Considerations; Copyright"
    )
    assert NESTED.paths == [["Rationale"], ["Rationale", "TransactionType only goes up to 0x7f"]]
    assert NESTED.where() == (
        "Typed Transaction Envelope > Rationale; Rationale > TransactionType only goes up to 0x7f"
    )
    assert UNPACKED.paths == [["Design", "Chunking"]] and UNPACKED.where() == "Design > Chunking"
