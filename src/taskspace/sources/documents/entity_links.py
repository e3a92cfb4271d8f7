"""Which entities of a document may join other documents, and what they join as.

Entities link documents when they are the same thing, not the same string. Two kinds of
string are not enough:

- A bare surname ("Mikolov", "Smith") names whoever the document means. When the same
  document writes one full name ending in it ("Tomas Mikolov"), the surname is that name;
  otherwise (a citation "Smith et al. (2010)", or several full names ending in it) it
  stays an entity of this document only, never merged with another document's "Smith".
- A generic word written in capitals ("URL", "API", "PDF") names a kind of thing, not a
  thing: it is no entity at all (:func:`generic_entity`; the list is ``generic_terms.txt``).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import replace
from functools import lru_cache
from importlib.resources import files

from taskspace.sources.documents.entities import Mention

_CITED = re.compile(
    r"\b([A-Z][a-z'’-]+)(?:\s+(?:and|&)\s+[A-Z][a-z'’-]+)?"
    r"(?:\s+et\s+al\.?)?,?\s*\(?(?:19|20)\d{2}[a-z]?\b"
)
"""A surname as a citation names its author: "Smith (2010)", "Smith et al., 2010"."""


@lru_cache(maxsize=1)
def _generic_terms() -> frozenset[str]:
    text = files("taskspace.sources.documents").joinpath("generic_terms.txt").read_text("utf-8")
    words = (line.split("#", 1)[0].strip() for line in text.splitlines())
    return frozenset(word.casefold() for word in words if word)


def generic_entity(label: str) -> str | None:
    """Why ``label`` is a generic word rather than a name ("URL": a kind of address), or None."""
    key = label.strip().casefold()
    if key in _generic_terms():
        return f"{label!r} is a generic term, not a name"
    return None


def cited_surnames(texts: Iterable[str]) -> set[str]:
    """Capitalised words the document uses as the surname in a citation."""
    return {match.group(1) for text in texts for match in _CITED.finditer(text)}


def _is_bare_name(mention: Mention) -> bool:
    return mention.kind == "name" and " " not in mention.key and "-" not in mention.key


def resolve_names(
    mentions: list[Mention], cited: set[str]
) -> tuple[list[Mention | None], set[str]]:
    """Each mention resolved (None: a generic term, not an entity), in the same order, and
    the keys that must stay in this document.

    A bare name that ends exactly one full name of the document becomes that name (its
    surface too, so that "Smith" never becomes an alias another document could match).
    A bare name that ends several full names, or that the document cites as an author's
    surname, is kept apart: its key is returned among the local keys.
    """
    full: dict[str, set[str]] = defaultdict(set)
    surfaces: dict[str, str] = {}
    for mention in mentions:
        if mention.kind == "name" and " " in mention.key:
            full[mention.key.rsplit(" ", 1)[1]].add(mention.key)
            surfaces.setdefault(mention.key, mention.surface)
    cited_keys = {word.casefold() for word in cited}
    resolved: list[Mention | None] = []
    local: set[str] = set()
    for mention in mentions:
        if generic_entity(mention.surface) or generic_entity(mention.key):
            resolved.append(None)
            continue
        if _is_bare_name(mention):
            owners = full.get(mention.key, set())
            if len(owners) == 1:
                owner = next(iter(owners))
                mention = replace(mention, key=owner, surface=surfaces[owner])
            elif owners or mention.key in cited_keys:
                local.add(mention.key)
        resolved.append(mention)
    return resolved, local
