"""Errors of making and checking tasks: refusals the user can act on, not database failures."""

from __future__ import annotations

from taskspace.core.errors import UserError


class SamplingError(UserError):
    """No task could be made, an option is out of range, or a tasks file holds no task."""
