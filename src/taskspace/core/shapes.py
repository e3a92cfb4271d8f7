"""What a cut heading and a layout table look like.

Sources use these to parse (a PDF's run-in head is a heading only when it does not read
as cut; a web table is content only when it is not navigation) and the task lints use the
same rules to drop candidates, so the two never disagree.
"""

from __future__ import annotations

import re

from taskspace.core.words import FUNCTION_WORDS

_WORD = re.compile(r"[A-Za-z][A-Za-z'’]*")


def heading_cut(heading: str) -> str | None:
    """Why ``heading`` reads as cut off (ends in a hyphen or a function word), or None."""
    text = heading.strip()
    if not text:
        return "empty heading"
    if text.endswith(("-", "‐", "‑")):
        return f"heading {text!r} ends in a hyphen"
    words = _WORD.findall(text)
    if words and words[-1].lower() in FUNCTION_WORDS and not text.endswith((")", "?", "!")):
        return f"heading {text!r} ends in {words[-1]!r}"
    return None


LINK_HEAVY = 0.5
"""A table without a header whose text is at least this share link text is navigation."""

LINKS_ONLY = 0.8
"""A table whose text is at least this share link text is navigation even with a header
(a "related pages" box with two column titles over lists of links)."""

REPEATED = 3
"""A table shown with the same text on this many pages is site furniture, not content."""


def layout_table(header: bool | None, link_share: float | None, repeats: int = 1) -> str | None:
    """Why a table reads as layout rather than content, or None: a header row or th
    cells (``header``; None when unknown counts as none), the share of its text that is
    link text, and on how many pages of the site the same table appears."""
    share = link_share or 0.0
    if repeats >= REPEATED:
        return f"the same table appears on {repeats} pages (site navigation or boilerplate)"
    if share >= LINKS_ONLY:
        return f"{share:.0%} of the table's text is link text"
    if not header and share >= LINK_HEAVY:
        return f"no header row and {share:.0%} of its text is link text"
    return None
