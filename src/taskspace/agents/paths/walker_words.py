"""What the path walker reads from an instruction, and how it matches words: no model.

The instruction is read as any text, never as the output of our own generator: the
quoted names (the first is where to start), the app titles it mentions (in the order it
mentions them), the years and other quoted names it states (constraints on the items to
pick), and the rest as a bag of words that the actions one can take are matched against.
Words are compared after :func:`taskspace.core.words.tokens` normalisation,
exactly or by a shared stem-like prefix ("director" ~ "directed", "film" ~ "filmography"):
a lexical match, so an action named unlike the instruction's verb ("written" for "wrote")
is missed. That is the baseline's known limit, kept on purpose.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from taskspace.core.words import STOPWORDS, normalized, tokens
from taskspace.tools.apps.results import ItemSummary

QUOTED = re.compile(r"“([^”]+)”|\"([^\"]+)\"")
YEAR = re.compile(r"\b(1[0-9]{3}|20[0-9]{2})\b")
MIN_WORD = 3
PREFIX = 5
"""Two words that share this many leading letters match (weakly), as do a word and a
longer one it begins (of at least 4 letters)."""


def quoted(text: str) -> list[str]:
    """The quoted names, in order (typographic or plain double quotes)."""
    return [(a or b).strip() for a, b in QUOTED.findall(text) if (a or b).strip()]


def content_words(text: str) -> list[str]:
    """Normalised tokens that can name a relation: no digits, no stopwords (action names
    such as ``place_of_birth`` or ``located_in`` share those with every sentence)."""
    return [
        t
        for t in tokens(text.replace("_", " "))
        if len(t) >= MIN_WORD and t not in STOPWORDS and not t.isdigit()
    ]


def word_match(a: str, b: str) -> float:
    """1.0 for the same word, 0.5 for a shared stem-like prefix, else 0.0."""
    if a == b:
        return 1.0
    short, long_ = sorted((a, b), key=len)
    if len(short) >= 4 and long_.startswith(short):
        return 0.5
    if len(short) >= PREFIX and short[:PREFIX] == long_[:PREFIX]:
        return 0.5
    return 0.0


@dataclass(frozen=True)
class Facts:
    """Constraints the instruction states: years, and quoted names after the start."""

    years: tuple[str, ...] = ()
    names: tuple[str, ...] = ()

    def met_by(self, item: ItemSummary) -> tuple[set[str], set[str]]:
        """The years and names among this item's visible attribute values."""
        values = [v for a in item.attributes for v in a.values]
        years = {y for y in self.years if any(v == y or v.startswith(y + "-") for v in values)}
        shown = {normalized(v) for v in values}
        return years, {n for n in self.names if normalized(n) in shown}

    def without(self, years: set[str], names: set[str]) -> Facts:
        return Facts(
            tuple(y for y in self.years if y not in years),
            tuple(n for n in self.names if n not in names),
        )


@dataclass
class Reading:
    """One instruction as the walker reads it; ``words`` shrinks as steps use them up."""

    start: str | None
    apps: list[str]
    words: list[str]
    facts: Facts
    used: list[str] = field(default_factory=list)


def read_instruction(text: str, titles: Sequence[tuple[str, str]]) -> Reading:
    """``titles``: (app name, app title) of every app, as ``apps()`` lists them. The apps
    the text names, by title or name, in the order it first names them (all apps when it
    names none); the first quoted name is the start."""
    names = quoted(text)
    lowered = text.lower()
    found = []
    for order, (name, title) in enumerate(titles):
        at = [p for p in (lowered.find(title.lower()), lowered.find(name.lower())) if p >= 0]
        if at:
            found.append((min(at), order, name))
    apps = [name for _, _, name in sorted(found)] or [name for name, _ in titles]
    plain = QUOTED.sub(" ", text)
    for _, title in titles:
        plain = re.sub(re.escape(title), " ", plain, flags=re.IGNORECASE)
    return Reading(
        start=names[0] if names else None,
        apps=apps,
        words=content_words(plain),
        facts=Facts(
            tuple(dict.fromkeys(YEAR.findall(plain))),
            tuple(dict.fromkeys(n for n in names[1:] if n != names[0])),
        ),
    )


@dataclass(frozen=True)
class ActionScore:
    """How well one action's name matches the words left: the sum over its words of the
    best match, and the instruction words it matched (earliest position first)."""

    score: float
    matched: tuple[str, ...]
    position: int


def score_action(action: str, words: Sequence[str]) -> ActionScore:
    score, matched, position = 0.0, [], len(words)
    for token in content_words(action):
        best = max(
            ((word_match(token, w), -i, w) for i, w in enumerate(words)),
            default=(0.0, 0, ""),
        )
        if best[0] > 0:
            score += best[0]
            matched.append(best[2])
            position = min(position, -best[1])
    return ActionScore(score, tuple(dict.fromkeys(matched)), position)


def use_words(reading: Reading, matched: Sequence[str]) -> None:
    """Take the matched words out of the bag (every occurrence): a relation is walked once."""
    reading.words = [w for w in reading.words if w not in matched]
    reading.used.extend(matched)


def pick_item(
    items: Sequence[ItemSummary], facts: Facts, visited: set[str]
) -> tuple[ItemSummary | None, Facts]:
    """The listed item meeting most stated constraints (the first of equals), with those
    constraints used up; None when none meets any."""
    best: tuple[int, ItemSummary, set[str], set[str]] | None = None
    for item in items:
        if item.id in visited:
            continue
        years, names = facts.met_by(item)
        met = len(years) + len(names)
        if met and (best is None or met > best[0]):
            best = (met, item, years, names)
    if best is None:
        return None, facts
    return best[1], facts.without(best[2], best[3])


def first_new(items: Sequence[ItemSummary], visited: set[str]) -> ItemSummary | None:
    """The first listed item the walk has not been on; None when it has been on all (the
    action leads back, as "performer" from an album reached from its performer)."""
    return next((i for i in items if i.id not in visited), None)
