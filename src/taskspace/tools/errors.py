"""The tools' errors: a call the caller must change, a catalogue entry that does not exist."""

from __future__ import annotations

from taskspace.core.errors import InputError, UserError


class ToolInputError(InputError):
    """A tool call the caller must change: a bad argument, an unknown id, a refused query."""


class CatalogueError(UserError):
    """A catalogue entry that does not exist."""
