"""How a time is shown to people, one spelling for every listing, report and guide."""

from __future__ import annotations

__all__ = ["minute"]


def minute(started: str | None) -> str:
    """``2026-11-26 21:11`` of an ISO time: how a run's start (UTC) is shown."""
    return (started or "")[:16].replace("T", " ")
