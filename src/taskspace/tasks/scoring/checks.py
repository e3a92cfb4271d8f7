"""The ``check`` a task carries, applied to an answer: did the agent get it right?

Each kind is lenient about form (case, punctuation, articles, number formatting) and
strict about content, so that ``success`` means what a reader of the task would accept:

- ``exact``: the normalised answer equals the normalised gold (``taskspace.core.words``:
  SQuAD's normalisation with Unicode punctuation, so a trailing period, typographic
  quotes, case and articles do not matter). Nothing more is accepted: a
  sentence around the gold is a different answer; token F1 measures partial credit.
- ``number``: the gold's numbers all appear among the answer's numbers, and the answer
  states no other number except ones the prompt already names ("section 3 has 2
  subsections"). "1,200" = "1200", "12.0" = "12", "$12 MW" = "12", "three" = "3".
  A gold written with decimals is met at its own precision: for a gold "0.302" an
  answer "0.3021" (which rounds to it) passes, "0.3" (coarser) does not.
  A gold without a number is checked as ``exact``.
- ``contains_all``: every ``|``-separated gold item appears, normalised, as a run of
  whole tokens in the normalised answer; punctuation inside an item may be joined or
  read as a space ("EIP-2718" matches "EIP 2718", "FORK_BLOCK_NUMBER" matches itself).
- ``keywords``: at least two thirds (rounded up) of the gold's distinct content words
  (normalised tokens that are not stopwords) appear among the answer's tokens. Words the
  prompt already names ("Figure 1", the document's title) do not count, unless nothing
  else is left; a gold of stopwords only is checked as ``exact``.
- ``rouge`` (written ``rouge:T``, the threshold declared by the template): the answer's
  ROUGE-L F-measure against the gold (key sentences read from the graph) is at least
  ``T`` (default ``ROUGE_THRESHOLD``); for summaries, whose wording is free.

A web gold that is a page names it by its path inside the site (``/catalog``: it holds
wherever the site is served); an answer that is one absolute URL is read as its path
(``sources.web.urls.site_path``), so the page's URL on the live origin passes.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from functools import lru_cache

from taskspace.core.words import content_words, normalized, spaced, tokens
from taskspace.metrics.rouge import rouge_l
from taskspace.sources.web.urls import is_site_path, site_path
from taskspace.tasks.errors import UnknownCheckError

_ABSOLUTE_URL = re.compile(r"https?://\S+", re.IGNORECASE)

CHECK_KINDS: tuple[str, ...] = ("exact", "number", "contains_all", "keywords", "rouge")

ROUGE_THRESHOLD = 0.3
"""The ROUGE-L F-measure a ``rouge`` answer needs when its check names no threshold."""

KEYWORD_SHARE = 2 / 3
"""The share of the gold's content words an answer must contain for ``keywords``."""

_NUMBER = re.compile(r"(?<![\w.])-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|(?<![\w.])-?\.\d+")
_UNITS = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
}
_TENS = {
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
_WORDS = re.compile(r"[a-z]+|[^a-z\s-]+")  # words, and other marks that break a pair


@lru_cache(maxsize=16384)
def numbers_in(text: str) -> tuple[float, ...]:
    """Every number written in ``text``, as digits (with thousands commas, decimals, a
    sign) or as a simple English number word ("three", "twenty-one")."""
    found = [float(match.replace(",", "")) for match in _NUMBER.findall(text)]
    words = _WORDS.findall(text.lower())
    for index, word in enumerate(words):
        if word in _UNITS and not (index and words[index - 1] in _TENS and _UNITS[word] < 10):
            found.append(float(_UNITS[word]))
        elif word in _TENS:
            unit = _UNITS.get(words[index + 1], 10) if index + 1 < len(words) else 10
            found.append(float(_TENS[word] + (unit if unit < 10 else 0)))
    return tuple(found)


def _same_number(first: float, second: float) -> bool:
    return math.isclose(first, second, rel_tol=1e-9, abs_tol=1e-12)


@lru_cache(maxsize=16384)
def decimal_places(text: str) -> tuple[int, ...]:
    """How many decimals each number written in digits in ``text`` has ("0.30 and 12" ->
    (2, 0)), in the order :func:`numbers_in` finds them."""
    return tuple(len(match.partition(".")[2]) for match in _NUMBER.findall(text))


def _meets(wanted: float, places: int, given: float) -> bool:
    """``given`` equals ``wanted`` at the precision ``wanted`` is written with: rounded to
    ``places`` decimals it is the same number (a gold with no decimals: equal)."""
    if _same_number(wanted, given):
        return True
    return places > 0 and abs(given - wanted) <= 0.5 * 10.0 ** (-places) + 1e-12


def _exact(gold: str, answer: str, prompt: str) -> bool:
    return tokens(answer) == tokens(gold)


def _number(gold: str, answer: str, prompt: str) -> bool:
    wanted = numbers_in(gold)
    if not wanted:
        return _exact(gold, answer, prompt)
    places = decimal_places(gold) + (0,) * len(wanted)  # number words have no decimals
    given = numbers_in(answer)
    precise = [(w, p) for w, p in zip(wanted, places, strict=False)]
    if not all(any(_meets(w, p, g) for g in given) for w, p in precise):
        return False
    allowed = numbers_in(prompt)
    return all(
        any(_meets(w, p, g) for w, p in precise) or any(_same_number(g, a) for a in allowed)
        for g in given
    )


def _contains_all(gold: str, answer: str, prompt: str) -> bool:
    joined, broken = f" {normalized(answer)} ", f" {spaced(answer)} "
    for item in gold.split("|"):
        first, second = normalized(item), spaced(item)
        if first and f" {first} " not in joined and f" {second} " not in broken:
            return False
    return True


def _keywords(gold: str, answer: str, prompt: str) -> bool:
    wanted = set(content_words(gold))
    if not wanted:
        return _exact(gold, answer, prompt)
    wanted = (wanted - set(content_words(prompt))) or wanted
    present = len(wanted & set(tokens(answer)))
    return present >= math.ceil(KEYWORD_SHARE * len(wanted) - 1e-9)


def _rouge(gold: str, answer: str, prompt: str, threshold: float = ROUGE_THRESHOLD) -> bool:
    return rouge_l(answer, gold) >= threshold - 1e-12


_CHECKS: dict[str, Callable[[str, str, str], bool]] = {
    "exact": _exact,
    "number": _number,
    "contains_all": _contains_all,
    "keywords": _keywords,
    "rouge": _rouge,
}


def parse_check(check: str) -> tuple[str, float | None]:
    """A check's kind and its threshold: ``"rouge:0.35"`` -> ``("rouge", 0.35)``; only
    ``rouge`` takes one (a number in [0, 1]). Raises :class:`UnknownCheckError`."""
    kind, _, given = check.partition(":")
    if kind not in _CHECKS:
        known = ", ".join(CHECK_KINDS)
        raise UnknownCheckError(f"unknown check {check!r}; known: {known}")
    if not given:
        return kind, None
    try:
        threshold = float(given)
    except ValueError:
        threshold = -1.0
    if kind != "rouge" or not 0.0 <= threshold <= 1.0:
        raise UnknownCheckError(f"check {check!r}: only rouge takes a threshold, in [0, 1]")
    return kind, threshold


def check_passes(check: str, gold: str, answer: str, prompt: str = "") -> bool:
    """Whether ``answer`` passes the task's ``check`` against ``gold``; ``prompt`` (the
    task's) only lets a ``number`` answer restate numbers the question names."""
    kind, threshold = parse_check(check)
    if is_site_path(gold.strip()) and _ABSOLUTE_URL.fullmatch(answer.strip()):
        answer = site_path(answer.strip())  # the page's URL wherever the site is served
    if kind == "rouge":
        return _rouge(gold, answer, prompt, ROUGE_THRESHOLD if threshold is None else threshold)
    return _CHECKS[kind](gold, answer, prompt)
