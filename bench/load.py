"""The machine's load average beside every figure a bench reports.

This machine is shared, so a figure means little without the load it was measured under.
Each bench stamps its figures with :func:`stamped` where it measures them and prints them
with :func:`emit`; human output (tables) ends with :func:`load_line`.
"""

from __future__ import annotations

import json
import os
from typing import Any


def load_average() -> list[float]:
    """The 1-, 5- and 15-minute load averages, rounded to two places."""
    return [round(value, 2) for value in os.getloadavg()]


def stamped(figures: dict[str, Any]) -> dict[str, Any]:
    """``figures`` with the load average at the moment they were measured."""
    return {**figures, "load_average": load_average()}


def load_line() -> str:
    """One line for human output: ``load average 1.23 0.98 0.75 (1, 5, 15 min)``."""
    one, five, fifteen = load_average()
    return f"load average {one} {five} {fifteen} (1, 5, 15 min)"


def emit(result: Any) -> None:
    """Print a bench's result as JSON; a mapping without a load average gets one now."""
    if isinstance(result, dict) and "load_average" not in result:
        result = stamped(result)
    elif isinstance(result, list):
        result = [
            stamped(item) if isinstance(item, dict) and "load_average" not in item else item
            for item in result
        ]
    print(json.dumps(result, indent=2))
