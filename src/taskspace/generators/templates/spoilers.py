"""What a template hides: the values the spoiler check (:mod:`taskspace.tasks.spoilers`)
must not find in its prompt.

A template lists in ``hidden`` the row columns whose values the prompt must not contain
(the answer heading of a content-browsing task, the URL a navigation task asks for).
Page names fall back to a page's main heading when its <title> is empty, so a prompt can
name the very heading it then asks about; such a candidate is dropped and counted.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


def hidden_values(columns: Iterable[str], row: Mapping[str, Any]) -> list[str]:
    """The text of each hidden column of the row (lists give each item).

    A column the row lacks is a typo in the template, which would silently disable the
    check: it raises KeyError.
    """
    values: list[str] = []
    for column in columns:
        if column not in row:
            raise KeyError(f"hidden column {column!r} is not returned by the template's query")
        value = row[column]
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, str | int | float) and not isinstance(item, bool):
                values.append(str(item))
    return values
