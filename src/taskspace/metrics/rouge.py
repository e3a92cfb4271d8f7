"""ROUGE-L F-measure, as ``rouge-score`` computes sentence-level ``rougeL``.

Reference: ``rouge-score`` 0.1.2 (PyPI, google-research), ``RougeScorer(['rougeL'],
use_stemmer=False)`` and, for :func:`rouge_l_stemmed`, ``use_stemmer=True`` (NLTK's
Porter stemmer in its default mode).

Semantics:

- tokens: lowercase, every character outside ``a-z0-9`` becomes a space, split; with the
  stemmer, tokens longer than 3 characters are stemmed (``café`` gives ``caf``);
- LCS of the two token lists; P = LCS / prediction length, R = LCS / reference length,
  F = 2PR / (P + R); F is 0 when either side has no tokens. It is ``rougeL``, not
  ``rougeLsum``.

The tokeniser is rouge-score's own. The LCS is computed here, bit-parallel, because
rouge-score fills an O(n·m) table in Python, too slow to score a large run's answers.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from rouge_score import tokenize


@lru_cache(maxsize=1)
def _stemmer() -> Any:
    """NLTK's Porter stemmer, imported on first use: ``import nltk`` loads SciPy and the
    whole toolkit (2.8 s), which every ``kg`` command paid when it was imported above."""
    from nltk.stem import porter

    return porter.PorterStemmer()


@lru_cache(maxsize=16384)
def tokens(text: str, stemmed: bool = False) -> tuple[str, ...]:
    """rouge-score's tokens of ``text`` (cached: a gold is tokenised once per run)."""
    return tuple(tokenize.tokenize(text, _stemmer() if stemmed else None))


def lcs_length(first: Sequence[str], second: Sequence[str]) -> int:
    """Length of the longest common subsequence of two token lists.

    Bit-parallel (Allison and Dix 1986, in Hyyrö's form): one pass per token of ``second``
    over a bit vector of ``first``, Python integers as the vectors.
    """
    if not first or not second:
        return 0
    masks: dict[str, int] = {}
    for index, token in enumerate(first):
        masks[token] = masks.get(token, 0) | (1 << index)
    full = (1 << len(first)) - 1
    vector = full
    for token in second:
        match = masks.get(token)
        if match:
            low = vector & match
            vector = ((vector + low) | (vector - low)) & full
    return len(first) - vector.bit_count()


def _f_measure(predicted: Sequence[str], reference: Sequence[str]) -> float:
    if not predicted or not reference:
        return 0.0
    common = lcs_length(reference, predicted)
    precision = common / len(predicted)
    recall = common / len(reference)
    if precision + recall > 0:
        return 2 * precision * recall / (precision + recall)
    return 0.0


def rouge_l(prediction: str, reference: str) -> float:
    """ROUGE-L F of ``prediction`` against ``reference``, without stemming."""
    return _f_measure(tokens(prediction), tokens(reference))


def rouge_l_stemmed(prediction: str, reference: str) -> float:
    """ROUGE-L F with rouge-score's ``use_stemmer=True``."""
    return _f_measure(tokens(prediction, True), tokens(reference, True))
