"""Structured calls to Claude through instructor, cached on disk.

Only used when ``ANTHROPIC_API_KEY`` is set; callers check :func:`llm_available` and keep
their offline path otherwise. The key is read by the anthropic client from the
environment and never logged or cached.
"""

from __future__ import annotations

import os
from typing import TypeVar

from pydantic import BaseModel

from taskspace.core.settings import Settings
from taskspace.models.errors import LLMUnavailableError
from taskspace.models.llm.cache import ResponseCache

Model = TypeVar("Model", bound=BaseModel)

DEFAULT_MODEL = "claude-sonnet-4-6"
"""Override with TASKSPACE_LLM_MODEL; claude-sonnet-4-5 reaches end of life on 2026-11-30."""


def llm_available() -> bool:
    return bool(os.environ.get("ANTHROPIC_API_KEY"))


class StructuredLLM:
    """``ask(system, prompt, ResponseModel)`` → a validated model instance, cached."""

    def __init__(self, settings: Settings, model: str | None = None) -> None:
        if not llm_available():
            raise LLMUnavailableError(
                "this feature needs ANTHROPIC_API_KEY; without it taskspace uses its offline path"
            )
        import anthropic
        import instructor

        self.model = model or os.environ.get("TASKSPACE_LLM_MODEL", DEFAULT_MODEL)
        self.client = instructor.from_anthropic(
            anthropic.Anthropic(max_retries=3), mode=instructor.Mode.TOOLS
        )
        self.cache = ResponseCache(settings.home.expanduser() / "cache" / "llm")

    def ask(
        self,
        system: str,
        prompt: str,
        response_model: type[Model],
        max_tokens: int = 1024,
        temperature: float | None = None,
    ) -> Model:
        """``temperature`` is sent only when given, in the request body: anthropic 1.x
        dropped the keyword (newer models reject sampling parameters), the API still takes
        it for the models that support it."""
        sampling = {} if temperature is None else {"temperature": temperature}
        key = self.cache.key(
            model=self.model,
            system=system,
            prompt=prompt,
            schema=response_model.model_json_schema(),
            max_tokens=max_tokens,
            **sampling,
        )
        cached = self.cache.get(key)
        if cached is not None:
            return response_model.model_validate(cached)
        answer = self.client.messages.create(
            model=self.model,
            system=system,
            messages=[{"role": "user", "content": prompt}],
            max_tokens=max_tokens,
            response_model=response_model,
            extra_body=sampling or None,
        )
        self.cache.put(key, answer.model_dump(mode="json"))
        return answer
