"""The quantities a paragraph states ("eleven container vessels", "2300 gas"), found at load.

``compare_sections`` asks which of two sections states the larger number of one thing.
Finding the numbers meant splitting every paragraph into words inside its query, at every
sample: a third of a document sample's grounding time. The rules only look at the text,
so the loader applies them once and stores the result on the :Paragraph node
(:data:`PROPERTIES`), and the template reads lists.

A quantity is a number (digits, or a number word up to ninety, times hundred, thousand or
million when one follows) standing as a word of its own, followed by the lower-case word
that names what it counts, and the next word too when that one is not a function word
("container vessels"). The count has to agree with the noun: one of a singular noun, more
of a plural or of a unit. Numbers that name something are left out: after a capitalised
word ("EIP 2718", "OAuth 2.0") or a word such as "table", "section" or "version".
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

PROPERTIES = (
    "quantity_values",
    "quantity_said",
    "quantity_counted",
    "quantity_nouns",
    "quantity_units",
)
"""The :Paragraph properties, lists of one entry per quantity in the order of the text:
the value, the words that state it, what it counts (one or two words), the noun it counts
in the singular, and whether that noun is a unit (an amount of gas, not a number of)."""

RULES_VERSION = 1
"""Stored on each :Document as ``quantities_version``. Raise it when the rules below
change: ``kg init`` then finds the quantities again in documents stored under an older
one (or under none: loaded before the rules existed)."""

NUMBER_WORDS = {
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
    "eighty": 80, "ninety": 90,
}  # fmt: skip

SCALES = {"hundred": 100.0, "thousand": 1000.0, "million": 1000000.0}


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


FUNCTION_WORDS = _words(
    "in of to for by at on and or the a an with from between during per before after "
    "every is are was were that which as than"
)
"""Words that never name what a number counts."""

AFTER_NOUN = FUNCTION_WORDS | _words(
    "would will can could should must may might shall have has had be been do does did "
    "not also each"
)
"""Words that may follow the counted noun and are not part of it."""

NAMING_WORDS = _words(
    "table figure fig fig. section sections eip rfc version step page chapter type "
    "appendix equation eq. layer level phase tier stage part round item rule article "
    "clause option case number no. block epoch slot line grade class category model "
    "release volume issue"
)
"""After these a number names something ("Table 1", "section 3"): not a quantity."""

UNITS = _words(
    "percent per kg km cm mm kb mb gb tb gwei wei eth ether gas usd eur hz khz mhz ghz bit byte"
)
"""Nouns that are measured in amounts: they take any number in the singular."""

_CLOSING = ".,;:)"
_DIGITS = re.compile(r"[0-9]+(\.[0-9]+)?")
_WORD = re.compile(r"[a-z][a-z-]+")
_COUNTED = re.compile(r"[a-z][a-z-]+[.,;:)]?")
_SEPARATORS = str.maketrans({"\n": " ", "(": " ", '"': " "})


class Quantity(NamedTuple):
    value: float
    said: str
    """The words that state the number ("eleven", "two hundred")."""
    counted: str
    """What it counts, as written but lower case ("container vessels")."""
    noun: str
    """The counted noun in the singular ("vessel"); a unit as is ("gas")."""
    unit: bool


def paragraph_quantities(text: str) -> list[Quantity]:
    """Every quantity ``text`` states, in order."""
    words = [word for word in text.translate(_SEPARATORS).split(" ") if word]
    clean = [(word[:-1] if word[-1] in _CLOSING else word).lower() for word in words]
    found = []
    for i in range(1, len(words) - 1):
        quantity = _quantity_at(words, clean, i)
        if quantity is not None:
            found.append(quantity)
    return found


def quantity_properties(text: str) -> dict[str, Any]:
    """:data:`PROPERTIES` for a paragraph's node; ``None`` each when it states none, so a
    paragraph without quantities carries no empty lists."""
    found = paragraph_quantities(text)
    if not found:
        return dict.fromkeys(PROPERTIES)
    return {
        "quantity_values": [q.value for q in found],
        "quantity_said": [q.said for q in found],
        "quantity_counted": [q.counted for q in found],
        "quantity_nouns": [q.noun for q in found],
        "quantity_units": [q.unit for q in found],
    }


def _quantity_at(words: list[str], clean: list[str], i: int) -> Quantity | None:
    word, before = words[i], words[i - 1]
    if not (_DIGITS.fullmatch(clean[i]) or clean[i] in NUMBER_WORDS) or word[-1] in _CLOSING:
        return None
    # After a capitalised word a number is part of a name, unless a sentence or clause ended.
    if ("A" <= before[0] <= "Z" and before[-1] not in ".:;") or clean[i - 1] in NAMING_WORDS:
        return None
    scale = SCALES.get(clean[i + 1], 1.0)
    last = i + 1 if scale > 1.0 else i
    # What is counted is written in lower case: "201 Created" and "2014 IETF Trust" are a
    # status code and a year.
    if last + 1 >= len(words) or not _COUNTED.fullmatch(words[last + 1]):
        return None
    if clean[last + 1] in FUNCTION_WORDS:
        return None
    value = (float(clean[i]) if clean[i][0].isdigit() else NUMBER_WORDS[clean[i]]) * scale
    counted = clean[last + 1]
    if (
        last + 2 < len(words)
        and words[last + 1][-1] not in _CLOSING
        and _WORD.fullmatch(clean[last + 2])
        and clean[last + 2] not in AFTER_NOUN
    ):
        counted += " " + clean[last + 2]
    nouns = counted.split(" ")
    plural = [noun for noun in nouns if _plural(noun) or noun in UNITS]
    # A count agrees with what it counts: "a new 2718 transaction type" names a type.
    if value == 1.0:
        if any(_plural(noun) for noun in nouns):
            return None
        noun = nouns[-1]
    elif plural:
        noun = plural[0]
    else:
        return None
    return Quantity(
        value=value,
        said=" ".join(words[i : last + 1]),
        counted=counted,
        noun=_singular(noun),
        unit=noun in UNITS,
    )


def _plural(noun: str) -> bool:
    return noun.endswith("s") and not noun.endswith("ss")


def _singular(noun: str) -> str:
    if noun in UNITS:
        return noun
    if noun.endswith("ies") and len(noun) > 4:
        return noun[:-3] + "y"
    return noun[:-1] if _plural(noun) else noun
