"""Run-in heads: a paragraph that opens with a few bold words ("Cross-lingual training.
Training proceeds as ...", LaTeX's \\paragraph), and headings that wrap onto a second line.

Taken as a whole line, a run-in head's line is mostly bold and reads as a heading, but the
heading is then cut wherever the line happens to end ("... training Train-", "... spaces
A"). The bold words alone are the heading; the regular words after them open the
paragraph. A heading that wraps ("7 Generation confidence and generation" / "quality")
goes on in the same type on the next line, and a run-in head that wraps ("Evaluation of
the system for" / "entity linking. We ...") goes on in bold: :func:`continues_heading`
says when a line carries on the heading above it.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from typing import Any

from taskspace.core.shapes import heading_cut
from taskspace.sources.documents.pdf_layout import Line, chars_text

_BOLD = re.compile(r"bold|black|heavy|semibold|demi|medi|\.b$|-b$|,b$", re.I)
_HEAD_END = " .:;—–-"


def _bold(char: dict[str, Any]) -> bool:
    return bool(_BOLD.search(str(char.get("fontname", ""))))


def split_bold_start(line: Line) -> tuple[Line, Line | None] | None:
    """(the bold words at the start of ``line``, the rest of the line or None), or None
    when the line does not start with a bold word."""
    chars = sorted(line.chars, key=lambda c: float(c["x0"]))
    count = 0
    while count < len(chars) and (_bold(chars[count]) or not str(chars[count]["text"]).strip()):
        count += 1
    head_chars = chars[:count]
    if not any(str(c["text"]).isalpha() for c in head_chars):
        return None
    head = _part(line, head_chars, bold=1.0)
    rest_chars = chars[count:]
    if not any(str(c["text"]).strip() for c in rest_chars):
        return head, None
    return head, _part(line, rest_chars, bold=0.0)


def run_in_head(line: Line) -> tuple[str, Line] | None:
    """(the head's text, the paragraph's first line) when ``line`` opens with a bold head
    followed by regular words that start a sentence, else None."""
    split = split_bold_start(line)
    if split is None:
        return None
    head, rest = split
    if rest is None:
        return None
    text = head.text.strip()
    words = text.split()
    if not words or not text[:1].isupper() or len(words) > 12:
        return None
    ends = text.endswith((".", ":", "—", "–"))
    if not ends and not rest.text[:1].isupper() and not rest.text[:1].isdigit():
        return None  # bold words inside a sentence: emphasis, not a head
    return text.rstrip(_HEAD_END).strip(), rest


def continues_heading(heading: Line, heading_text: str, line: Line) -> bool:
    """Whether ``line``, right under the heading line ``heading``, carries the heading on:
    the heading reads cut and the line starts bold, or the line is set wholly in the
    heading's type (a long heading wrapped)."""
    if line.page != heading.page or line.region != heading.region:
        return False
    if not 0 <= line.top - heading.bottom < line.size:
        return False
    if heading_cut(heading_text) is not None:
        return split_bold_start(line) is not None
    return (
        line.bold >= 0.8
        and heading.bold >= 0.8
        and abs(line.size - heading.size) < 0.3
        and line.font == heading.font
        and len(line.text.split()) <= 8
        and not line.text.rstrip().endswith((".", ","))
    )


def head_text(text: str) -> str:
    """A head's words without the full stop or colon that ends a run-in head."""
    return text.strip().rstrip(_HEAD_END).strip()


def _part(line: Line, chars: list[dict[str, Any]], bold: float) -> Line:
    """The piece of ``line`` made of ``chars``, as a line of its own (its own type size:
    a head in small capitals is smaller than the words after it)."""
    sizes = Counter(round(float(c["size"]), 1) for c in chars if str(c["text"]).strip())
    fonts = Counter(str(c["fontname"]).split("+")[-1] for c in chars if str(c["text"]).strip())
    return replace(
        line,
        text=chars_text(chars),
        size=sizes.most_common(1)[0][0] if sizes else line.size,
        font=fonts.most_common(1)[0][0] if fonts else line.font,
        x0=float(chars[0]["x0"]),
        x1=max(float(c["x1"]) for c in chars),
        chars=chars,
        bold=bold,
        text_x0=float(chars[0]["x0"]),
    )
