"""Words for matching names, answers and prose: the one tokeniser and stopword list that
agents, retrievers, checks, lints and samplers share.

It is SQuAD's normalisation (lowercase, punctuation and the articles a, an, the dropped,
whitespace collapsed) in the Unicode-aware variant of ``taskspace.metrics.squad``: task
prompts quote names in typographic quotes (“…”) that agents echo back, and a check that
failed on them would fail a right answer. Reported metrics use the reference instead.

Two ways to cut a text into words, one normalisation: :func:`tokens` deletes punctuation
(names and answers: "O'Neill" = "ONeill", "“Fee”" = "fee"), :func:`split_tokens` reads it
as a word break (prose and identifiers: "base-fee" has the word "fee", ``docs_dir`` the
word "dir"). :data:`STOPWORDS` is what "content words" leave out everywhere.
"""

from __future__ import annotations

from functools import lru_cache

from taskspace.metrics.squad import PunctuationTable, normalize_answer_unicode

FUNCTION_WORDS = frozenset(
    """a an the and or nor but of for to in on at by with without from into onto upon
    over under about above below between among through during before after against
    toward towards via per as than that which whose whom who is are was were be been
    being am has have had do does did can could may might must shall should will would
    its their our your his her this these those such each every both either neither
    not no if when while where whether because since unless until""".split()  # noqa: SIM905
)
"""The closed-class words of :data:`STOPWORDS` a phrase never ends on: articles,
prepositions, conjunctions, auxiliaries and determiners leave it waiting for what follows.
A smaller list on purpose, for ``taskspace.core.shapes.heading_cut``: a whole heading may
end on a pronoun or an adverb ("Sign up", "About me", "Try it"), which the full list holds."""

STOPWORDS = FUNCTION_WORDS | frozenset(
    """again all also any done down else few further having he here him how i it just me
    more most my off once only other out own s same she so some t them then there they too
    up very we what why yes you""".split()  # noqa: SIM905
)
"""English words that say nothing about what a text is about: every matcher's stopwords
(content words, answer keywords, a question's full-text terms, a walker's instruction)."""

_PUNCTUATION_AS_SPACE = PunctuationTable(" ")


def normalized(text: str) -> str:
    """``text`` normalised for comparison ("The “Fee” market." -> "fee market")."""
    return normalize_answer_unicode(text)


@lru_cache(maxsize=16384)
def tokens(text: str) -> tuple[str, ...]:
    """The normalised words of ``text``, in order (cached: a gold or a prompt is split
    once however many answers are compared with it)."""
    return tuple(normalize_answer_unicode(text).split())


def spaced(text: str) -> str:
    """Normalised with punctuation read as a space ("EIP-2718" -> "eip 2718")."""
    return normalized(text.translate(_PUNCTUATION_AS_SPACE))


@lru_cache(maxsize=16384)
def split_tokens(text: str) -> tuple[str, ...]:
    """The normalised words of ``text`` with punctuation as a word break, in order; a token
    with no letter or digit (an arrow, an icon glyph) is no word ("the docs_dir →" ->
    docs, dir)."""
    return tuple(word for word in spaced(text).split() if any(c.isalnum() for c in word))


def content_words(text: str) -> tuple[str, ...]:
    """The :func:`tokens` of ``text`` that are not :data:`STOPWORDS`, in order."""
    return tuple(token for token in tokens(text) if token not in STOPWORDS)


def counted(number: int, noun: str) -> str:
    """ "1 document", "2,464 paragraphs": a count and its noun in the right number (nouns
    that take an "s" only)."""
    return f"{number:,} {noun}" if number == 1 else f"{number:,} {noun}s"
