"""Checks on query parameters typed by a user (``kg query -p NAME=VALUE``).

JSON allows values Bolt cannot carry: integers beyond 64 bits make the driver fail with a
traceback instead of a message. They are caught here, before anything is sent.
"""

from __future__ import annotations

from typing import Any

INT64_MIN = -(2**63)
INT64_MAX = 2**63 - 1
MAX_DEPTH = 64
"""Nesting deeper than this is refused: no query needs it and it only costs stack."""


def parameter_problem(value: Any, depth: int = 0) -> str | None:
    """Why ``value`` cannot be a Neo4j parameter, or None when it can."""
    if depth > MAX_DEPTH:
        return f"nested deeper than {MAX_DEPTH} levels"
    if isinstance(value, bool) or value is None or isinstance(value, str | float):
        return None
    if isinstance(value, int):
        if not INT64_MIN <= value <= INT64_MAX:
            return f"{value} does not fit in a 64-bit integer (pass it as a string: '\"{value}\"')"
        return None
    if isinstance(value, list):
        for item in value:
            problem = parameter_problem(item, depth + 1)
            if problem:
                return problem
        return None
    if isinstance(value, dict):
        for item in value.values():
            problem = parameter_problem(item, depth + 1)
            if problem:
                return problem
        return None
    return f"unsupported value of type {type(value).__name__}"
