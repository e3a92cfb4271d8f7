"""Text overlap between an answer and its gold: SQuAD exact match and token F1, ROUGE-L.

These run once per scored answer (thousands per second in a large run), so they are
written for speed: ``str.translate`` instead of per-character loops, and a bit-parallel
LCS instead of rouge-score's O(n·m) Python table. The tests compare every value with the
reference implementations (SQuAD's formulas, ``rouge_score.rouge_scorer``).
"""

from __future__ import annotations

import re
import string
import unicodedata
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

_PUNCTUATION = str.maketrans(
    "",
    "",
    string.punctuation
    + "".join(
        chr(code)
        for code in range(128, 0x10000)  # the Basic Multilingual Plane
        if unicodedata.category(chr(code)).startswith("P")
    ),
)
_ARTICLES = frozenset(("a", "an", "the"))
_ROUGE_NON_ALPHANUM = re.compile(r"[^a-z0-9]+")


@lru_cache(maxsize=16384)
def answer_tokens(s: str) -> tuple[str, ...]:
    """The tokens SQuAD compares: lowercase, punctuation dropped, split on whitespace,
    articles (a, an, the) left out.

    Punctuation is SQuAD's ASCII set plus the Unicode punctuation of the BMP, because task
    prompts quote names in typographic quotes (“…”) that agents echo back. Articles are
    dropped as whole tokens rather than by SQuAD's ``\\b`` regex (the same result except
    next to symbols such as "€"), which is several times faster. Cached: a gold answer or
    prompt is normalised once however many attempts are scored against it."""
    return tuple(t for t in s.lower().translate(_PUNCTUATION).split() if t not in _ARTICLES)


def normalize_answer(s: str) -> str:
    """SQuAD's normalisation: lowercase, drop punctuation, articles and extra whitespace."""
    return " ".join(answer_tokens(s))


def exact_match(prediction: str, gold: str) -> float:
    """1.0 when the normalised texts are equal, else 0.0."""
    return 1.0 if answer_tokens(prediction) == answer_tokens(gold) else 0.0


def token_f1(prediction: str, gold: str) -> float:
    """SQuAD token F1 over normalised tokens (as in SQuAD 2.0's script, two empty texts
    agree with F1 1.0 and one empty text scores 0.0)."""
    predicted = answer_tokens(prediction)
    wanted = answer_tokens(gold)
    if not predicted or not wanted:
        return 1.0 if predicted == wanted else 0.0
    common = sum((Counter(predicted) & Counter(wanted)).values())
    if common == 0:
        return 0.0
    precision = common / len(predicted)
    recall = common / len(wanted)
    return 2 * precision * recall / (precision + recall)


@lru_cache(maxsize=16384)
def rouge_tokens(text: str) -> tuple[str, ...]:
    """rouge-score's default tokenizer without stemming: lowercase, split on anything that
    is not an ASCII letter or digit (so non-ASCII letters are dropped, as there)."""
    return tuple(_ROUGE_NON_ALPHANUM.sub(" ", text.lower()).split())


def lcs_length(first: Sequence[str], second: Sequence[str]) -> int:
    """Length of the longest common subsequence of two token lists.

    Bit-parallel (Allison and Dix 1986, in Hyyrö's form): one machine-word pass per token
    of ``second`` over a bit vector of ``first``, with Python integers as the vectors.
    rouge-score fills an O(n·m) table in Python, too slow for scoring a run's answers.
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


def rouge_l(prediction: str, gold: str) -> float:
    """ROUGE-L F-measure of ``prediction`` against ``gold`` (rouge-score's ``rougeL``)."""
    predicted = rouge_tokens(prediction)
    wanted = rouge_tokens(gold)
    if not predicted or not wanted:
        return 0.0
    common = lcs_length(wanted, predicted)
    precision = common / len(predicted)
    recall = common / len(wanted)
    if precision + recall > 0:
        return 2 * precision * recall / (precision + recall)
    return 0.0
