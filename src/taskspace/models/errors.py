"""The models' errors: a feature that needs a model the environment does not give."""

from __future__ import annotations

from taskspace.core.errors import UserError


class LLMUnavailableError(UserError):
    """An LLM feature was asked for without ``ANTHROPIC_API_KEY``."""


class EmbeddingError(UserError):
    """The embedding model cannot run as set up: ``TASKSPACE_EMBED_BACKEND`` names no backend,
    or the ONNX graph did not build as it must."""
