"""The one tokeniser and stopword list (``taskspace.core.words``): every matcher that asks
for "content words" leaves out the same words, and the two ways of cutting a text agree
on everything but punctuation."""

from __future__ import annotations

from taskspace.agents.doc.extractive_rules import words as extractive_words
from taskspace.agents.paths.walker_words import content_words as walker_words
from taskspace.agents.steps.text import words as step_words
from taskspace.core.shapes import heading_cut
from taskspace.core.words import (
    FUNCTION_WORDS,
    STOPWORDS,
    content_words,
    spaced,
    split_tokens,
    tokens,
)
from taskspace.retrieval.fulltext import lucene_terms
from taskspace.tasks.lints import label_words
from taskspace.tasks.scoring.checks import check_passes

QUESTION = "Which of these were the films that he directed after 1990?"


def test_every_matcher_leaves_out_the_same_stopwords() -> None:
    assert content_words(QUESTION) == ("films", "directed", "1990")
    assert set(extractive_words(QUESTION)) == {"films", "directed", "1990"}
    assert walker_words(QUESTION) == ["films", "directed"]  # no digits: a year is a fact
    assert step_words(QUESTION) == ("films", "directed", "1990")
    assert lucene_terms(QUESTION) == '"films" OR "directed" OR "1990"'
    assert label_words("Here_Comes_the_Sun.html") == {"comes", "sun"}


def test_a_keyword_check_counts_content_words_only() -> None:
    gold = "the films he directed after 1990"
    assert check_passes("keywords", gold, "Directed films, 1990s")
    assert not check_passes("keywords", gold, "the films he saw after that")


def test_function_words_are_the_stopwords_a_heading_cannot_end_on() -> None:
    assert FUNCTION_WORDS < STOPWORDS
    assert heading_cut("Results of the") is not None
    assert heading_cut("Sign up") is None  # "up" is a stopword, not a function word
    assert "up" in STOPWORDS and "up" not in FUNCTION_WORDS


def test_punctuation_joins_in_tokens_and_breaks_in_split_tokens() -> None:
    assert tokens("The “base-fee” of EIP-1559’s") == ("basefee", "of", "eip1559s")
    assert split_tokens("The “base-fee” of EIP-1559’s") == ("base", "fee", "of", "eip", "1559", "s")
    assert split_tokens("using-the-docs_dir → ★ पुस्तक") == ("using", "docs", "dir", "पुस्तक")
    assert spaced("FORK_BLOCK_NUMBER") == "fork block number"
