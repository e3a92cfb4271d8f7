"""Errors of checking and reviewing tasks: input that cannot be read, not database failures."""

from __future__ import annotations

from taskspace.core.errors import InputError


class UnknownCheckError(InputError, ValueError):
    """A task names a check kind this module does not know.

    A ``ValueError`` too: templates check their ``check`` in a pydantic validator, which
    reports only ``ValueError`` as a validation error.
    """


class ReviewError(InputError):
    """A verdicts file that cannot be read or a verdict that is not one."""
