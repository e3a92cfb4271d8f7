"""Words for matching names and answers: the one tokeniser agents, checks and samplers share.

It is SQuAD's normalisation (lowercase, punctuation and the articles a, an, the dropped,
whitespace collapsed) in the Unicode-aware variant of ``taskspace.metrics.squad``: task
prompts quote names in typographic quotes (“…”) that agents echo back, and a check that
failed on them would fail a right answer. Reported metrics use the reference instead.
"""

from __future__ import annotations

from functools import lru_cache

from taskspace.metrics.squad import normalize_answer_unicode


def normalized(text: str) -> str:
    """``text`` normalised for comparison ("The “Fee” market." -> "fee market")."""
    return normalize_answer_unicode(text)


@lru_cache(maxsize=16384)
def tokens(text: str) -> tuple[str, ...]:
    """The normalised words of ``text``, in order (cached: a gold or a prompt is split
    once however many answers are compared with it)."""
    return tuple(normalize_answer_unicode(text).split())
