"""Did a request to the model carry a gold value? Compared as values, never as substrings.

A gold answer ``true`` is in the JSON of every request (``"stream": true``, a verifier's
``{"supported": true}`` quoted in a later message), and a short answer may sit inside a
longer word; so the requests are parsed into their string values (JSON quoted inside a
string is parsed too, and only its strings kept) and an answer counts only where its words
stand as words. Left out: the tool definitions (``tools``: the agent's code, the same for
every task) and the question the agent was given (a gold word the question says is no leak).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

_DECODER = json.JSONDecoder()
_FIXED = frozenset({"tools"})
"""Request fields that are the agent's own definitions, never built from a task."""


def string_values(value: Any) -> Iterator[str]:
    """Every string value in parsed JSON (not keys, numbers or booleans); JSON quoted
    inside a string yields its own string values instead of its text."""
    if isinstance(value, str):
        yield from _unquoted(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in _FIXED:
                yield from string_values(item)
    elif isinstance(value, list):
        for item in value:
            yield from string_values(item)


def _unquoted(text: str) -> Iterator[str]:
    """``text`` with every JSON object or array in it replaced by that JSON's strings."""
    plain: list[str] = []
    position = 0
    while position < len(text):
        start = min(
            (i for i in (text.find("{", position), text.find("[", position)) if i >= 0), default=-1
        )
        if start < 0:
            break
        try:
            parsed, end = _DECODER.raw_decode(text, start)
        except json.JSONDecodeError:
            plain.append(text[position : start + 1])
            position = start + 1
            continue
        plain.append(text[position:start])
        yield from string_values(parsed)
        position = end
    plain.append(text[position:])
    yield " ".join(plain)


def words(text: str) -> list[str]:
    return re.findall(r"\w+", text.lower())


def carries(requests: list[dict[str, Any]], gold: str, *, question: str = "") -> bool:
    """True when some string the requests sent holds ``gold``'s words in a row (the
    ``question`` removed from it first)."""
    wanted = words(gold)
    if not wanted:
        return False
    for sent in string_values(requests):
        said = words(sent.replace(question, " ") if question else sent)
        if any(said[i : i + len(wanted)] == wanted for i in range(len(said) - len(wanted) + 1)):
            return True
    return False


def carries_id(requests: list[dict[str, Any]], node_id: str) -> bool:
    """True when a string the requests sent names ``node_id`` (ids are tokens of their own)."""
    return any(node_id in sent for sent in string_values(requests))
