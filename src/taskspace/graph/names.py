"""Validation of labels, relationship types and property keys that come from data.

Cypher cannot take a label or relationship type as a query parameter that the planner
can index on, so such names are written into query text. Every one passes through
:func:`checked_name` first; anything outside a strict pattern is refused before a query
is built, which closes the door to injection such as ``P31`]->() DETACH DELETE n //``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from taskspace.graph.errors import InvalidNameError

NAME_PATTERN = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,63}")


def checked_name(name: str, kind: str = "name") -> str:
    """Return ``name`` unchanged if it is a safe identifier, else raise InvalidNameError."""
    if not isinstance(name, str) or NAME_PATTERN.fullmatch(name) is None:
        raise InvalidNameError(
            f"invalid {kind} {name!r}: must match {NAME_PATTERN.pattern} "
            "(a letter, then letters, digits or underscores, at most 64 characters)"
        )
    return name


def checked_label(name: str) -> str:
    return checked_name(name, "label")


def checked_rel_type(name: str) -> str:
    return checked_name(name, "relationship type")


def checked_property(name: str) -> str:
    return checked_name(name, "property key")


def label_expression(labels: Iterable[str]) -> str:
    """``A:B:C`` from validated labels, for ``(n:A:B:C)`` patterns."""
    checked = [checked_label(label) for label in labels]
    if not checked:
        raise InvalidNameError("at least one label is required")
    return ":".join(checked)
