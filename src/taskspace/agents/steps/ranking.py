"""Candidate ranking, the pipeline's first stage: Okapi BM25 of each candidate against the task.

The seed paper ranks with Mind2Web's fine-tuned cross-encoder; no such weights ship in an
installed package and nothing may download at run time, so offline the ranker is lexical.
IDF is computed over the step's own candidates (a word on every element tells nothing).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

from taskspace.agents.steps.text import words
from taskspace.environments.web_steps.model import Element

K1 = 1.5
B = 0.75


def bm25_scores(query: str, documents: Sequence[Sequence[str]]) -> list[float]:
    """BM25 score of every tokenised document for the query's words."""
    if not documents:
        return []
    terms = set(words(query))
    count = len(documents)
    average = sum(len(doc) for doc in documents) / count or 1.0
    frequency = Counter(term for doc in documents for term in set(doc) if term in terms)
    idf = {
        term: math.log(1 + (count - seen + 0.5) / (seen + 0.5)) for term, seen in frequency.items()
    }
    scores = []
    for doc in documents:
        counts = Counter(doc)
        norm = K1 * (1 - B + B * len(doc) / average)
        scores.append(
            sum(idf[t] * counts[t] * (K1 + 1) / (counts[t] + norm) for t in idf if counts[t])
        )
    return scores


def rank(query: str, candidates: Sequence[Element], top_k: int) -> tuple[Element, ...]:
    """The ``top_k`` best candidates, best first; ties keep the page order."""
    documents = [words(f"{element.role} {element.text}") for element in candidates]
    scores = bm25_scores(query, documents)
    order = sorted(range(len(candidates)), key=lambda i: (-scores[i], i))
    return tuple(candidates[i] for i in order[:top_k])
