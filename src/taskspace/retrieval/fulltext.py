"""A question as a Lucene query: its content words, OR-ed, each escaped.

A question is not Lucene syntax: ``?``, ``:``, ``-`` and quotes mean something there, and
neo4j-graphrag passes its text to the full-text index unchanged. Words are split at
punctuation as the index's analyzer splits them, and stopwords (``taskspace.core.words``) are
dropped so that "what is the" does not match every chunk.
"""

from __future__ import annotations

from taskspace.core.words import STOPWORDS, split_tokens


def lucene_terms(question: str) -> str:
    """``"base" OR "fee"`` for "What is the base fee?"; the quoted question if no word is left."""
    words = [w for w in split_tokens(question) if w not in STOPWORDS]
    if not words:
        words = [question.strip() or "_"]
    return " OR ".join(_quoted(word) for word in dict.fromkeys(words))


def _quoted(text: str) -> str:
    """A Lucene phrase: only backslash and double quote need escaping inside quotes."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
