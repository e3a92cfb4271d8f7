"""Text overlap between an answer and its gold: SQuAD exact match and token F1, ROUGE-L.

These run once per scored answer (thousands per second in a large run), so they are
written for speed: ``str.translate`` instead of per-character loops, and a bit-parallel
LCS instead of rouge-score's O(n·m) Python table. The tests compare every value with the
reference implementations (SQuAD's formulas, ``rouge_score.rouge_scorer``).
"""

from __future__ import annotations

import re
import string
from collections import Counter

_PUNCTUATION = str.maketrans("", "", string.punctuation)
_ARTICLES = re.compile(r"\b(a|an|the)\b")
_ROUGE_NON_ALPHANUM = re.compile(r"[^a-z0-9]+")


def normalize_answer(s: str) -> str:
    """SQuAD's normalisation: lowercase, drop punctuation, articles and extra whitespace."""
    return " ".join(_ARTICLES.sub(" ", s.lower().translate(_PUNCTUATION)).split())


def answer_tokens(s: str) -> list[str]:
    """The tokens SQuAD compares: the normalised text split on whitespace."""
    return normalize_answer(s).split()


def exact_match(prediction: str, gold: str) -> float:
    """1.0 when the normalised texts are equal, else 0.0."""
    return 1.0 if normalize_answer(prediction) == normalize_answer(gold) else 0.0


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


def rouge_tokens(text: str) -> list[str]:
    """rouge-score's default tokenizer without stemming: lowercase, split on anything that
    is not an ASCII letter or digit (so non-ASCII letters are dropped, as there)."""
    return _ROUGE_NON_ALPHANUM.sub(" ", text.lower()).split()


def lcs_length(first: list[str], second: list[str]) -> int:
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
