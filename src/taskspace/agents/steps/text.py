"""Words of tasks and elements, shared by the ranker and the offline predictor."""

from __future__ import annotations

from taskspace.core.words import tokens

_COMMON = """and or of to in on for with at by from is are be it this that my me i you your
find show search get view browse what which who how all any some as into"""
STOPWORDS = frozenset(_COMMON.split())


def words(text: str) -> tuple[str, ...]:
    """SQuAD-normalised tokens without common function words."""
    return tuple(token for token in tokens(text) if token not in STOPWORDS)
