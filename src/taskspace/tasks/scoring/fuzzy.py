"""MMInA's ``fuzzy_match``: ask Claude whether the agent's answer entails the reference.

The question is the paper's own ("Given the statement {pred}, would it be correct to
infer {reference}? Yes or No"); a reply that starts with Yes passes, anything else fails.
It is a plain-text call (no tool use), cached on disk like every LLM call of the project,
so re-scoring a run asks nothing twice. Only built with ``ANTHROPIC_API_KEY``: without a
key hops are judged by keywords and URLs alone.
"""

from __future__ import annotations

import re

from taskspace.core.settings import Settings
from taskspace.models.llm.client import llm_available
from taskspace.models.llm.text_call import CachedTextModel

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
        self.llm = CachedTextModel(
            settings,
            "fuzzy_match needs ANTHROPIC_API_KEY; without it hops are judged by keywords and URLs",
            model,
        )
        self.model = self.llm.model

    def __call__(self, pred: str, reference: str) -> bool:
        reply = self.llm.reply(fuzzy_question(pred, reference), kind="fuzzy_match", max_tokens=8)
        return says_yes(reply)


def fuzzy_matcher(settings: Settings | None = None) -> FuzzyMatcher | None:
    """The matcher when a key is set, else None (the offline path)."""
    return FuzzyMatcher(settings or Settings()) if llm_available() else None
