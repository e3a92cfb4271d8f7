"""One plain-text Claude call, cached on disk: what the LLM judges share (MMInA's
fuzzy_match, the path error judge). No tool use and no structured output, so the reply is
read by the caller's own small parser; the cache makes re-scoring a run ask nothing twice.
"""

from __future__ import annotations

import os
from typing import Any

from taskspace.core.settings import Settings
from taskspace.models.errors import LLMUnavailableError
from taskspace.models.llm.cache import ResponseCache
from taskspace.models.llm.client import DEFAULT_MODEL, llm_available


class CachedTextModel:
    """``reply(prompt, kind=…, max_tokens=…)``; construct only where a key is set."""

    def __init__(self, settings: Settings, without_key: str, model: str | None = None) -> None:
        """``without_key`` says what happens instead when no key is set (the error's text)."""
        if not llm_available():
            raise LLMUnavailableError(without_key)
        import anthropic

        self.model = model or os.environ.get("TASKSPACE_LLM_MODEL", DEFAULT_MODEL)
        self.client: Any = anthropic.Anthropic(max_retries=3)
        self.cache = ResponseCache(settings.home.expanduser() / "cache" / "llm")

    def reply(self, prompt: str, *, kind: str, max_tokens: int, system: str | None = None) -> str:
        """The reply's text: from the cache, or asked once and cached."""
        extra: dict[str, Any] = {"system": system} if system is not None else {}
        key = self.cache.key(
            model=self.model, prompt=prompt, kind=kind, max_tokens=max_tokens, **extra
        )
        cached = self.cache.get(key)
        if cached is None:
            message = self.client.messages.create(
                model=self.model,
                messages=[{"role": "user", "content": prompt}],
                max_tokens=max_tokens,
                **extra,
            )
            cached = {"reply": "".join(getattr(b, "text", "") for b in message.content)}
            self.cache.put(key, cached)
        return str(cached["reply"])
