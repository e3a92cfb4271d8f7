"""SQuAD v1.1 exact match and token F1, as the official script computes them.

Reference: ``evaluate-v1.1.py`` distributed with SQuAD v1.1 (the verbatim copy in
``csarron/QAModels`` at ``2db2d7b0f546``; the same functions as ``huggingface/evaluate``
``metrics/squad/compute_score.py`` at ``b6e7c3b0``).

Semantics:

- normalise: lowercase; delete the 32 ASCII characters of ``string.punctuation`` and
  nothing else (curly quotes, dashes and ``…`` stay in their tokens); replace the words
  ``a``, ``an``, ``the`` with a space by a ``\\b`` regex (so ``a€`` loses its ``a``);
  collapse whitespace;
- exact match: the normalised strings are equal (two empty texts match);
- F1: over the token multisets; 0 when no token is shared, which includes two texts that
  are both empty after normalisation;
- several ground truths: the maximum over them.

Scores are fractions (the script multiplies its totals by 100).

Variant: ``*_unicode`` also deletes Unicode punctuation (``“Paris”`` = ``Paris``), which
agents echoing typographic quotes need; it is reported only as ``squad_unicode_*``.
"""

from __future__ import annotations

import re
import string
import unicodedata
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache

_ASCII_PUNCTUATION = str.maketrans("", "", string.punctuation)
_ARTICLES = re.compile(r"\b(a|an|the)\b")


class PunctuationTable(dict[int, int | str | None]):
    """A ``str.translate`` table that replaces ASCII punctuation and every Unicode character
    of a ``P*`` category with ``replacement`` (``None`` deletes) and keeps every other one.

    Filled on first sight of each code point: building it for all 1.1M code points took
    0.45 s at import, paid by every ``kg`` command.
    """

    def __init__(self, replacement: str | None) -> None:
        super().__init__()
        self._replacement = replacement

    def __missing__(self, code: int) -> int | str | None:
        char = chr(code)
        punctuation = char in string.punctuation or unicodedata.category(char).startswith("P")
        value = self._replacement if punctuation else code
        self[code] = value
        return value


UNICODE_PUNCTUATION = PunctuationTable(None)
"""Deletes ASCII punctuation and every Unicode character of a ``P*`` category."""


def _normalise(text: str, punctuation: Mapping[int, int | str | None]) -> str:
    return " ".join(_ARTICLES.sub(" ", text.lower().translate(punctuation)).split())


@lru_cache(maxsize=16384)
def normalize_answer(text: str) -> str:
    """The script's ``normalize_answer`` (cached: a gold is normalised once per run)."""
    return _normalise(text, _ASCII_PUNCTUATION)


@lru_cache(maxsize=16384)
def normalize_answer_unicode(text: str) -> str:
    """The variant's normalisation: Unicode punctuation deleted as well."""
    return _normalise(text, UNICODE_PUNCTUATION)


def _exact(normalise: Callable[[str], str], prediction: str, ground_truth: str) -> float:
    return 1.0 if normalise(prediction) == normalise(ground_truth) else 0.0


def _f1(normalise: Callable[[str], str], prediction: str, ground_truth: str) -> float:
    predicted = normalise(prediction).split()
    wanted = normalise(ground_truth).split()
    same = sum((Counter(predicted) & Counter(wanted)).values())
    if same == 0:
        return 0.0
    precision = same / len(predicted)
    recall = same / len(wanted)
    return (2 * precision * recall) / (precision + recall)


def exact_match(prediction: str, ground_truth: str) -> float:
    """1.0 when the normalised texts are equal, else 0.0."""
    return _exact(normalize_answer, prediction, ground_truth)


def f1(prediction: str, ground_truth: str) -> float:
    """Token F1 of the normalised texts (0.0 when nothing is shared, empty texts included)."""
    return _f1(normalize_answer, prediction, ground_truth)


def exact_match_unicode(prediction: str, ground_truth: str) -> float:
    return _exact(normalize_answer_unicode, prediction, ground_truth)


def f1_unicode(prediction: str, ground_truth: str) -> float:
    return _f1(normalize_answer_unicode, prediction, ground_truth)


def best_over_ground_truths(
    metric: Callable[[str, str], float], prediction: str, ground_truths: Sequence[str]
) -> float:
    """The script's ``metric_max_over_ground_truths``: the best score over the golds."""
    if not ground_truths:
        raise ValueError("SQuAD scores an answer against at least one ground truth")
    return max(metric(prediction, truth) for truth in ground_truths)
