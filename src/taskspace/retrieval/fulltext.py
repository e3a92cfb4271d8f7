"""A question as a Lucene query: its content words, OR-ed, each escaped.

A question is not Lucene syntax: ``?``, ``:``, ``-`` and quotes mean something there, and
neo4j-graphrag passes its text to the full-text index unchanged. Common question words are
dropped so that "what is the" does not match every chunk.
"""

from __future__ import annotations

import re

_WORD = re.compile(r"\w+", re.UNICODE)

STOP_WORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "by",
        "can",
        "do",
        "does",
        "for",
        "from",
        "has",
        "have",
        "how",
        "i",
        "if",
        "in",
        "into",
        "is",
        "it",
        "its",
        "of",
        "on",
        "or",
        "that",
        "the",
        "their",
        "there",
        "these",
        "this",
        "to",
        "was",
        "what",
        "when",
        "where",
        "which",
        "who",
        "why",
        "will",
        "with",
        "would",
        "should",
        "could",
        "you",
        "your",
    ]
)


def lucene_terms(question: str) -> str:
    """``"base" OR "fee"`` for "What is the base fee?"; the quoted question if no word is left."""
    words = [w for w in _WORD.findall(question.lower()) if w not in STOP_WORDS]
    if not words:
        words = [question.strip() or "_"]
    return " OR ".join(_quoted(word) for word in dict.fromkeys(words))


def _quoted(text: str) -> str:
    """A Lucene phrase: only backslash and double quote need escaping inside quotes."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
