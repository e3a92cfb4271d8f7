"""The evaluation's errors: a run that cannot start as asked."""

from __future__ import annotations

from taskspace.core.errors import UserError


class ModelNeededError(UserError):
    """An agent that needs a model, with no key and no ``--model``."""
