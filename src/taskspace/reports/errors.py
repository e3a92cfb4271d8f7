"""The reports' errors: a run to report on that the graph does not hold."""

from __future__ import annotations

from taskspace.core.errors import UserError


class UnknownRunError(UserError):
    """A run id that is not in the graph; the message names the runs that are."""
