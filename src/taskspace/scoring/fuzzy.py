"""MMInA's ``fuzzy_match``: ask Claude whether the agent's answer entails the reference.

The question is the paper's own ("Given the statement {pred}, would it be correct to
infer {reference}? Yes or No"); a reply that starts with Yes passes, anything else fails.
It is a plain-text call (no tool use), cached on disk like every LLM call of the project,
so re-scoring a run asks nothing twice. Only built with ``ANTHROPIC_API_KEY``: without a
key hops are judged by keywords and URLs alone.
"""

from __future__ import annotations

import os
import re
from typing import Any

from taskspace.llm.cache import ResponseCache
from taskspace.llm.client import DEFAULT_MODEL, LLMUnavailableError, llm_available
from taskspace.settings import Settings

QUESTION = "Given the statement {pred}, would it be correct to infer {reference}? Yes or No"
_YES = re.compile(r"^\W*yes\b", re.IGNORECASE)


def fuzzy_question(pred: str, reference: str) -> str:
    return QUESTION.format(pred=pred, reference=reference)


def says_yes(reply: str) -> bool:
    """The model's reply read as a verdict: Yes (first word, any case) or not."""
    return bool(_YES.match(reply))


class FuzzyMatcher:
    """``matcher(pred, reference) -> bool``; construct only where a key is set."""

    def __init__(self, settings: Settings, model: str | None = None) -> None:
        if not llm_available():
            raise LLMUnavailableError(
                "fuzzy_match needs ANTHROPIC_API_KEY; without it hops are judged by "
                "keywords and URLs"
            )
        import anthropic

        self.model = model or os.environ.get("TASKSPACE_LLM_MODEL", DEFAULT_MODEL)
        self.client: Any = anthropic.Anthropic(max_retries=3)
        self.cache = ResponseCache(settings.home.expanduser() / "cache" / "llm")

    def __call__(self, pred: str, reference: str) -> bool:
        prompt = fuzzy_question(pred, reference)
        key = self.cache.key(model=self.model, prompt=prompt, kind="fuzzy_match", max_tokens=8)
        cached = self.cache.get(key)
        if cached is None:
            message = self.client.messages.create(
                model=self.model,
                messages=[{"role": "user", "content": prompt}],
                max_tokens=8,
            )
            text = "".join(getattr(block, "text", "") for block in message.content)
            cached = {"reply": text}
            self.cache.put(key, cached)
        return says_yes(str(cached["reply"]))


def fuzzy_matcher(settings: Settings | None = None) -> FuzzyMatcher | None:
    """The matcher when a key is set, else None (the offline path)."""
    return FuzzyMatcher(settings or Settings()) if llm_available() else None
