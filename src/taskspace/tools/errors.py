"""The tools' errors: a call the caller must change."""

from __future__ import annotations

from taskspace.core.errors import UserError


class ToolInputError(UserError):
    """A tool call the caller must change: a bad argument, an unknown id, a refused query."""
