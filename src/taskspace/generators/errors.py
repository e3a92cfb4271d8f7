"""The generators' errors: no task could be made, or a spec a generator reads is unusable."""

from __future__ import annotations

from taskspace.core.errors import InputError, UserError


class SamplingError(UserError):
    """No task could be made, an option is out of range, or a tasks file holds no task."""


class ThreatSpecError(InputError):
    """The threat spec cannot be read or is inconsistent."""
