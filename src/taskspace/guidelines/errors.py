"""Refusals of a guideline request (no screen described, a bad option, an unreadable dump)."""

from __future__ import annotations

from taskspace.core.errors import UserError


class GuidelineError(UserError):
    """A guideline request the user must change: said in one line."""
