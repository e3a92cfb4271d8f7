"""Noticing a document that parsed "successfully" into almost nothing.

A cleaning rule that matches too much (a class on ``<html>`` taken for a table of contents)
does not raise: it leaves a document of a few characters, which used to be counted as
loaded. Comparing the text the elements kept with the visible text the file had turns that
silent loss into a warning the user sees, and the document is not written.
"""

from __future__ import annotations

from taskspace.sources.documents.model import ParsedDocument

MIN_KEPT_CHARS = 40
"""Fewer characters than this, out of a page that had real text, is an emptied page."""
MIN_KEPT_SHARE = 0.02
"""Keeping under 2 % of a long page's text means its content was taken for chrome."""
_LONG_PAGE = 5000
_REAL_TEXT = 200


def emptied_warning(document: ParsedDocument) -> str | None:
    """Why the document looks emptied by cleaning, or None when it kept its text."""
    source = document.source_chars
    if source is None or source < _REAL_TEXT:
        return None
    kept = sum(len(element.text) for element in document.elements)
    if kept < MIN_KEPT_CHARS or (source >= _LONG_PAGE and kept < MIN_KEPT_SHARE * source):
        return (
            f"almost no text left after cleaning ({kept} of {source} characters kept); not loaded"
        )
    return None
