"""The models' errors: a feature that needs a model the environment does not give."""

from __future__ import annotations

from taskspace.core.errors import UserError


class LLMUnavailableError(UserError):
    """An LLM feature was asked for without ``ANTHROPIC_API_KEY``."""


class EmbeddingError(UserError):
    """``TASKSPACE_EMBED_BACKEND`` names no embedding backend."""
