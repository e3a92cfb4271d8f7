"""Copies and fragments: one page saved twice, or a part of it saved on its own.

Loaded as two documents, one page makes tasks whose answer is "the only other document
that mentions X" wrong, and counts everything twice. Each document's text is sampled as
hashed five-word shingles (one in eight kept, the same ones for every document); the
share of a document's sample found in another's says how much of its text is there. A
document mostly found in one loaded before it (a copy or a fragment of it) is not loaded;
a document that holds most of an earlier one is loaded, and the earlier one is named as
its fragment. Both go into the load report. The sample is kept on the ``:Document``
(``text_sample``), so a later load compares against what is already in the graph.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from taskspace.graph.connection import Graph
from taskspace.sources.documents.model import ElementKind, ParsedDocument

SHINGLE_WORDS = 5
SAMPLE_MODULUS = 8
"""One shingle in eight is kept: a 10,000-word page keeps about 1,250 numbers."""
CONTAINED = 0.8
"""A document with this share of its sample inside another's is a copy or a fragment."""
MIN_SAMPLE = 8
"""Fewer sampled shingles than this (a page of a few lines) say nothing either way."""

_WORD = re.compile(r"\w+")
_TEXT_KINDS = {ElementKind.PARAGRAPH, ElementKind.LIST_ITEM, ElementKind.TABLE}


def text_sample(texts: Iterable[str]) -> list[int]:
    """The sampled shingle hashes of the texts (signed 64-bit, sorted)."""
    words = [w.casefold() for text in texts for w in _WORD.findall(text)]
    kept: set[int] = set()
    for start in range(max(0, len(words) - SHINGLE_WORDS + 1)):
        shingle = " ".join(words[start : start + SHINGLE_WORDS]).encode("utf-8")
        value = int.from_bytes(hashlib.blake2b(shingle, digest_size=8).digest(), "big", signed=True)
        if value % SAMPLE_MODULUS == 0:
            kept.add(value)
    return sorted(kept)


def document_sample(document: ParsedDocument) -> list[int]:
    return text_sample(e.text for e in document.elements if e.kind in _TEXT_KINDS)


@dataclass
class Known:
    key: str
    """The document's key (what its id is made from): a reload of it is not a copy."""
    path: str
    sample: frozenset[int]


@dataclass
class DuplicateGuard:
    """The documents seen so far (in the graph and in this load), to compare a new one with."""

    known: list[Known] = field(default_factory=list)

    @classmethod
    def of_graph(cls, graph: Graph) -> DuplicateGuard:
        """A guard that knows every document already in the graph."""
        guard = cls()
        for row in graph.read("documents/text_samples"):
            guard.add(str(row["key"]), str(row["path"]), row["sample"])
        return guard

    def add(self, key: str, path: str, sample: Iterable[int]) -> None:
        self.known = [k for k in self.known if k.key != key]
        self.known.append(Known(key, path, frozenset(sample)))

    def check(self, key: str, sample: list[int]) -> tuple[str | None, list[str]]:
        """(why the document ``key`` should not be loaded, or None; notes about earlier
        documents it contains)."""
        if len(sample) < MIN_SAMPLE:
            return None, []
        mine = frozenset(sample)
        notes: list[str] = []
        for other in self.known:
            if other.key == key or len(other.sample) < MIN_SAMPLE:
                continue
            shared = len(mine & other.sample)
            inside = shared / len(mine)
            if inside >= CONTAINED:
                kind = "a copy" if shared / len(other.sample) >= CONTAINED else "a fragment"
                reason = f"{kind} of {other.path} ({inside:.0%} of its text is there); not loaded"
                return reason, []
            if shared / len(other.sample) >= CONTAINED:
                notes.append(
                    f"contains {other.path} ({shared / len(other.sample):.0%} of that file's "
                    "text): that file is a fragment of this one"
                )
        return None, notes
