"""One JSON document or JSON Lines? Decided by parsing the first record, not by its shape.

Every reader of JSON input (episode files, Wikidata entity JSON, tasks files) asks the
same question; answering it from whether the first line starts with ``{`` misread a
pretty-printed document whose first line is ``{"entities": {`` as a bad JSON line. Here
the first record (after a lone ``[``, as Wikidata dumps open) is parsed on its own: a
complete value means one value per line; a value the line leaves unfinished (the parser
stops at the end of the line) means a document spread over several lines; anything else is
a bad line, which the line reader reports with its number. A text already in memory is
simply parsed whole first (:func:`text_layout`).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterable, Iterator
from typing import Any, Literal

Layout = Literal["document", "lines"]

__all__ = ["Layout", "json_layout", "text_layout"]


def json_layout(
    lines: Iterable[bytes], *, dump_array: bool = True
) -> tuple[Layout, Iterator[bytes]]:
    """(the layout, the same lines) from the first record; streams, reads only the head.

    With ``dump_array`` a lone ``[`` line opens one record per line (Wikidata's dumps);
    without, it starts a document like any unfinished line."""
    iterator = iter(lines)
    head: list[bytes] = []
    layout: Layout = "lines"
    for raw in iterator:
        head.append(raw)
        text = raw.strip()
        if text == b"" or (dump_array and text == b"["):
            continue
        layout = _record_layout(text.rstrip(b","))
        break
    return layout, itertools.chain(head, iterator)


def text_layout(text: str) -> tuple[Layout, Any]:
    """(the layout, the parsed document or None) of a text already in memory: a text that
    parses whole is one document (a JSON array written one item per line too); else the
    first record decides, as in :func:`json_layout`: a broken document (cut short, say) is
    left for its reader to report where it breaks, JSON Lines are read line by line."""
    try:
        return "document", json.loads(text)
    except json.JSONDecodeError:
        pass
    records = [line.encode("utf-8") for line in text.splitlines() if line.strip()]
    if len(records) < 2:
        return "document", None
    return json_layout(records, dump_array=False)[0], None


def _record_layout(record: bytes) -> Layout:
    try:
        json.loads(record)
    except json.JSONDecodeError as error:
        unfinished = error.pos >= len(error.doc.rstrip())
        return "document" if unfinished else "lines"
    except UnicodeDecodeError:
        return "lines"
    return "lines"
