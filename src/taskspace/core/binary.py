"""Is this body text at all? One check for every text input, whatever it claims to be.

A server may send an image or an archive as ``text/html``, and a file may be named
``.html`` when it is not; decoded leniently (Windows-1252 accepts every byte) such a body
turns into thousands of characters of noise in the graph. Text in any of the encodings we
read has no NUL byte (unless it is UTF-16/32 with its byte-order mark) and next to no
control characters, while images, archives and compressed data are full of both. Bytes
that are not UTF-8 are no sign (a Windows-1251 page is nearly all such bytes).
"""

from __future__ import annotations

SAMPLE_BYTES = 8192
"""How much of the body is looked at: enough for a verdict, cheap for any size."""
_CONTROL = frozenset(range(0x20)) - {0x09, 0x0A, 0x0C, 0x0D, 0x1B}
_CONTROLS_AT_LEAST = 8
"""Control bytes (more than 1 % of the sample too) that make a body binary: a stray
backspace or form feed in a text is not enough."""
_UNICODE_BOMS = (b"\xff\xfe", b"\xfe\xff", b"\x00\x00\xfe\xff")

__all__ = ["SAMPLE_BYTES", "binary_reason"]


def binary_reason(body: bytes) -> str | None:
    """Why ``body`` is binary rather than text, in a few words; None when it is text."""
    sample = body[:SAMPLE_BYTES]
    if not sample or sample.startswith(_UNICODE_BOMS):
        return None
    if b"\x00" in sample:
        return "binary content: NUL bytes"
    controls = sum(byte in _CONTROL for byte in sample)
    if controls >= _CONTROLS_AT_LEAST and controls * 100 > len(sample):
        return f"binary content: {controls} control bytes in the first {len(sample)}"
    return None
