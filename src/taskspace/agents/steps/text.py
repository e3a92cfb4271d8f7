"""Words of tasks and elements, shared by the ranker and the offline predictor."""

from __future__ import annotations

from taskspace.core.words import STOPWORDS, tokens

INSTRUCTION_VERBS = frozenset("find show search get view browse".split())  # noqa: SIM905
"""The verbs web task instructions open with ("Find …", "Browse …"): every task has one,
so they say nothing about which element a step acts on."""


def words(text: str) -> tuple[str, ...]:
    """SQuAD-normalised tokens without stopwords or instruction verbs."""
    return tuple(t for t in tokens(text) if t not in STOPWORDS and t not in INSTRUCTION_VERBS)
