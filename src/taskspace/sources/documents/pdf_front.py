"""The byline of a PDF's first page: author names between the title and the abstract."""

from __future__ import annotations

import re

from taskspace.sources.documents.pdf_layout import Line

_AFFILIATION = re.compile(
    r"\b(universit\w*|institut\w*|laborator\w*|lab|department|dept|college|school|inc|corp\w*"
    r"|research|cent(er|re)|academy|usa|germany|china|france|uk|canada|japan)\b",
    re.I,
)
_NAME_NOISE = re.compile(r"[\d*†‡§¶∗♠♣♥♦⋆]+")
_PARTICLES = {"van", "de", "von", "der", "da", "di", "la", "le"}


def byline_authors(front: list[Line]) -> list[str]:
    """Names from the lines between title and abstract, skipping e-mails and affiliations."""
    names: list[str] = []
    for line in front:
        if "@" in line.text or "http" in line.text or _AFFILIATION.search(line.text):
            continue
        names.extend(n for n in split_names(line.text) if n not in names)
    return names


def split_names(text: str) -> list[str]:
    """ "Ann Lee, Bo Chen and Cy Diaz" -> three names; words that are not names are dropped."""
    names = []
    for part in re.split(r",|;|\band\b|&", _NAME_NOISE.sub(" ", text)):
        words = part.split()
        if 2 <= len(words) <= 5 and all(w[:1].isupper() or w in _PARTICLES for w in words):
            names.append(" ".join(words))
    return names
