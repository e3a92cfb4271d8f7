"""Where each entity of a pretty-printed entity JSON document starts (issue #27).

A wbgetentities response or an array of entities spread over many lines is parsed whole,
so ``json.loads`` alone would leave every bad entity reported at line 1. Here the
container (the ``entities`` object of a response, or the top-level array) is walked member
by member with the standard decoder, each member decoded once, and paired with the line
its value starts on. Any other layout gives None, and the caller keeps the document's line.
"""

from __future__ import annotations

import json
import re
from typing import Any

_SPACE = re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder()


class _Text:
    """A JSON text with a cursor and the line of any offset, counted forwards only."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.at = 0
        self._counted, self._line = 0, 1

    def skip(self) -> str:
        """Skip white space; the next character ('' at the end)."""
        self.at = _SPACE.match(self.text, self.at).end()  # type: ignore[union-attr]
        return self.text[self.at : self.at + 1]

    def expect(self, char: str) -> None:
        if self.skip() != char:
            raise ValueError(f"expected {char!r} at {self.at}")
        self.at += 1

    def value(self) -> Any:
        self.skip()
        found, self.at = _DECODER.raw_decode(self.text, self.at)
        return found

    def line(self) -> int:
        self._line += self.text.count("\n", self._counted, self.at)
        self._counted = self.at
        return self._line


def entity_lines(text: str) -> list[tuple[int, Any]] | None:
    """(line, value) of each member of the document's entity container, in order; None
    when the text is not an ``{"entities": {...}}`` object or an array, or is not JSON."""
    cursor = _Text(text)
    try:
        found = _container(cursor)
        return found if found is not None and cursor.skip() == "" else None
    except ValueError:
        return None


def _container(cursor: _Text) -> list[tuple[int, Any]] | None:
    """The members of the array, or of the response's ``entities``; the cursor then at the
    end of the whole value, so that text after it (or a cut end) is not taken as good."""
    first = cursor.skip()
    if first == "[":
        return _members(cursor, "[", "]", keyed=False)
    if first != "{":
        return None
    cursor.expect("{")
    found = None
    while cursor.skip() != "}":
        key = cursor.value()
        cursor.expect(":")
        if key == "entities" and found is None and cursor.skip() == "{":
            found = _members(cursor, "{", "}", keyed=True)
        else:
            cursor.value()
        if cursor.skip() == ",":
            cursor.at += 1
        elif cursor.skip() != "}":
            raise ValueError(f"expected ',' or '}}' at {cursor.at}")
    cursor.at += 1
    return found


def _members(cursor: _Text, open_: str, close: str, keyed: bool) -> list[tuple[int, Any]]:
    cursor.expect(open_)
    found: list[tuple[int, Any]] = []
    while cursor.skip() != close:
        if keyed:
            cursor.value()
            cursor.expect(":")
        cursor.skip()
        line = cursor.line()
        found.append((line, cursor.value()))
        if cursor.skip() == ",":
            cursor.at += 1
        elif cursor.skip() != close:
            raise ValueError(f"expected ',' or {close!r} at {cursor.at}")
    cursor.at += 1
    return found
