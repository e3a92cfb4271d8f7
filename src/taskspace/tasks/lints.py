"""Lints: checks a careful reader would make of a candidate task, run while sampling.

Re-derivation proves the graph agrees with itself; a lint catches what a reader would
reject although the graph agrees: a heading cut mid-phrase, an address in the prompt that
names the goal, a number given at another precision than its inputs. A generator calls
the lints that apply to its kind and counts each failure with ``SampleReport.lint(name)``
(the candidate is dropped), so ``kg sample`` prints what each lint dropped.

Each lint here is a pure function returning the reason it fails, or None when it passes.
Lints that only one kind needs live with that kind's generator, named in ``LINTS`` too,
so that the summary can say what each one means.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from difflib import SequenceMatcher
from typing import Any
from urllib.parse import unquote

from taskspace.core.shapes import layout_table
from taskspace.core.words import STOPWORDS, tokens

LINTS: dict[str, str] = {
    "heading_cut": "a heading ends mid-phrase (hyphen, article, preposition, open verb)",
    "url_in_prompt": "the prompt names the goal by its web address",
    "precision": "a computed answer at another precision than its inputs",
    "unlabelled_item": "a path passes through an item without a label",
    "not_unique": "the answer is not the only one the graph holds",
    "contentless_page": "a page without content (directory listing, index, error page)",
    "link_spoiler": "the answer can be read off the text of a link the prompt names",
    "partial_match": "a hop matches only because one string contains another",
    "same_goal": "another task has the same goal screen",
    "layout_table": "a layout table (no header row, mostly links) taken as content",
    "generic_entity": "a generic word taken for a named entity",
    "address_step": "a GUI route goes to a web address instead of acting on the screen",
    "untasked_text": "a GUI route types text no task of its episodes asks for",
    "unobserved_screen": "a start or goal screen the input never showed (nothing to describe)",
    "indistinct_screen": "no visible text tells a screen apart from the app's other pages",
    "detour": "a GUI route comes back to the page it started from",
    "shortcut": "a GUI route taps later what an earlier screen of it already shows",
    "backward_step": "a GUI route presses back or dismisses (Cancel and back: two answers)",
    "property_id": "the prompt names a property by its id (P112) instead of in words",
}
"""Every lint's name and what it catches (the sample summary prints these)."""

_URL = re.compile(r"\bhttps?://[^\s\"'<>)]+|(?<![\w.])/[\w.-]+(?:/[\w.-]*)+(?:\?[^\s\"'<>]*)?")


def url_in_prompt(prompt: str, goals: Iterable[str]) -> str | None:
    """Why the prompt gives a goal away by its address: it holds one of ``goals`` (URLs or
    paths) or a URL whose path is a goal's, or None."""
    wanted = {goal.rstrip("/") for goal in goals if goal}
    for found in _URL.findall(prompt):
        address = found.rstrip("/.,;")
        path = re.sub(r"^https?://[^/]+", "", address) or "/"
        if address in wanted or path in wanted or any(w.endswith(path) for w in wanted):
            return f"the prompt names the goal's address {address!r}"
    return None


def decimals(text: str) -> int:
    """Digits after the decimal point of a written number ("3.140" -> 3, "12" -> 0)."""
    _, _, fraction = text.strip().partition(".")
    return len(fraction.rstrip()) if fraction.strip().isdigit() else 0


def precision_mismatch(answer: str, inputs: Iterable[str]) -> str | None:
    """Why a computed ``answer`` is at another precision than the values it was computed
    from (a difference of two 3-decimal numbers given with 2 decimals), or None."""
    places = [decimals(value) for value in inputs]
    if not places:
        return None
    wanted = max(places)
    if decimals(answer) != wanted:
        return f"answer {answer!r} has {decimals(answer)} decimals, its inputs {wanted}"
    return None


_AUTOINDEX = re.compile(r"^\s*(directory listing for|index of)\s*/", re.IGNORECASE)
_ERROR_PAGE = re.compile(
    r"^\s*(?:[45]\d\d\s*[-:–|]?\s*)?(?:error response|error|page not found|file not found|"
    r"not found|forbidden|access denied|bad request|internal server error|"
    r"service unavailable)\s*(?:$|[-:–|(])|^\s*[45]\d\d\s*$",
    re.IGNORECASE,
)
MIN_PROSE_WORDS = 8
"""Words of running text (paragraphs) a page needs to count as content, about one
sentence: a directory listing or an index of links has no paragraph at all, and a stub
article one short one."""


def contentless_page(title: str, heading: str, prose_words: int) -> str | None:
    """Why a page holds no content a hop could be about (a server's directory listing, an
    error page, a page of links without prose), or None."""
    for name in (heading, title):
        if _AUTOINDEX.search(name or ""):
            return f"{name!r} is a directory listing"
        if _ERROR_PAGE.search(name or ""):
            return f"{name!r} is an error page"
    if prose_words < MIN_PROSE_WORDS:
        return f"{heading or title!r} has {prose_words} words of prose (< {MIN_PROSE_WORDS})"
    return None


_FILE_PARTS = re.compile(r"\.(?:html?|php|aspx?|jsp|md)\b|[_/]+", re.IGNORECASE)


def label_words(text: str) -> set[str]:
    """The content words of a link's text or an answer, read the way a person reads a file
    name too ("Some_Title.html" -> {some, title}): stopwords left out."""
    found = tokens(_FILE_PARTS.sub(" ", unquote(text)))
    content = {word for word in found if word not in STOPWORDS}
    return content or set(found)


SAME_WORD = 0.8
"""Similarity (difflib's ratio) from which two words read as one: a spelling variant or
an inflection ("Raelets" / "Raelettes", "Soul" / "Souls")."""


def _alike(first: str, second: str) -> bool:
    return first == second or SequenceMatcher(None, first, second).ratio() >= SAME_WORD


def link_spoiler(link: str, answer: str) -> str | None:
    """Why ``answer`` can be read off the text of the link a hop follows (they share a
    content word, or one spelt nearly alike: "Yes Indeed!" opens "Yes Indeed! (Ray Charles
    album)", "The Raelets" opens "The Raelettes", the link "Some_Title" opens "Some
    Title"), or None."""
    answers = label_words(answer)
    shared = sorted(w for w in label_words(link) if any(_alike(w, a) for a in answers))
    if shared:
        return f"the link {link!r} shares {', '.join(shared)!r} with the answer {answer!r}"
    return None


def _phrase(words: Iterable[str]) -> re.Pattern[str]:
    return re.compile(
        r"(?<!\w)" + r"\W+".join(re.escape(word) for word in words) + r"(?!\w)", re.IGNORECASE
    )


def _contains(longer: str, shorter: str) -> bool:
    words = tokens(shorter)
    return bool(words) and _phrase(words).search(" ".join(tokens(longer))) is not None


def partial_match(term: str, heading: str, text: str, names: Iterable[str] = ()) -> str | None:
    """Why a lookup of ``term`` lands on a page (its ``heading``, ``text`` and the names of
    its headings) only because one string contains another, or None. A whole-answer match
    mentions the term in the page's own words: not as the page's heading that contains it
    ("Crying Time" -> "Crying Time (album)") or is contained in it, not inside a longer
    word ("Fleet" in "Fleetwood"), not only inside a longer heading of the page."""
    if _contains(heading, term) or _contains(term, heading):
        return f"the term {term!r} and the heading {heading!r} contain one another"
    words = term.split()
    if not words:
        return "empty term"
    pattern = _phrase(words)
    if not pattern.search(text):
        return f"{term!r} occurs only inside longer words"
    rest = text
    for name in sorted(set(names), key=len, reverse=True):
        if name.strip().lower() != term.strip().lower() and pattern.search(name):
            rest = rest.replace(name, " ")
    if not pattern.search(rest):
        return f"{term!r} occurs only inside a longer heading"
    return None


RowLint = Callable[[Mapping[str, Any], str], str | None]
"""A lint a template declares (``lints:`` in its YAML): it reads the candidate's query
row and rendered prompt, and returns why the candidate fails, or None."""

ROW_LINTS: dict[str, RowLint] = {
    "layout_table": lambda row, _prompt: layout_table(
        row.get("table_header"), row.get("table_link_share"), int(row.get("table_repeats") or 1)
    ),
    "url_in_prompt": lambda row, prompt: url_in_prompt(
        prompt, [str(row[c]) for c in ("target_url", "goal_url") if row.get(c)]
    ),
}
"""The lints a template may declare, by name, and the row columns each one reads:
``layout_table`` ``table_header``, ``table_link_share``, ``table_repeats``;
``url_in_prompt`` ``target_url`` and ``goal_url``."""


def failed_row_lint(names: Sequence[str], row: Mapping[str, Any], prompt: str) -> str | None:
    """The first of the lints ``names`` that rejects the candidate, or None."""
    for name in names:
        if ROW_LINTS[name](row, prompt) is not None:
            return name
    return None
