"""A careful, offline, rule-based entity extractor for technical and scientific prose.

It finds what such documents name: identifiers (``EIP-1559``, ``FORK_BLOCK_NUMBER``),
acronyms (``GROBID``, ``ACL``), CamelCase names (``TransactionType``, ``GitHub``), quoted
titles, and capitalised names (``Semantic Scholar``, ``Ethereum``). Precision matters more
than recall here, because every entity becomes a node that joins documents to each other
and to Wikidata; so capitalised words are checked against the whole document: a single
word counts only if the document never writes it in lower case, and a capital at the start
of a sentence proves nothing unless the word is also capitalised mid-sentence.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from taskspace.sources.documents.sentences import split_sentences

KINDS = ("identifier", "acronym", "name", "title")

_DASHES = re.compile(r"[\u2010-\u2015\u2212]")
_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})
_SPACES = re.compile(r"\s+")
_UPPER = "A-Z\u00c0-\u00d6\u00d8-\u00de"
_LOWER = "a-z\u00df-\u00f6\u00f8-\u00ff\u0100-\u017f"
"""Latin letters with accents too (Erdős, Gödel); Latin Extended-A mixes both cases."""
_WORD = re.compile(rf"[{_UPPER}{_LOWER}][{_UPPER}{_LOWER}'-]*")

_QUOTED = re.compile(r"[\"\u201c]([^\"\u201c\u201d\n]{4,120})[\"\u201d]")
_CONSTANT = re.compile(r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b")
_NUMBERED = re.compile(r"\b[A-Z]{2,}[a-z]?-?\d+(?:\.\d+)?[a-z]?\b")
_ACRONYM = re.compile(r"\b[A-Z][A-Z0-9&]*[A-Z][A-Z0-9&]*(?:s\b|\b)")
_CAMEL = re.compile(r"\b[A-Za-z]*[a-z][A-Z][A-Za-z0-9]*\b")
_CAP_WORD = rf"[{_UPPER}][{_LOWER}]+(?:['\u2019-][{_UPPER}{_LOWER}]+)*"
_CONNECTOR = r"(?:of|for|de|del|der|van|von|du|da|la|le)"
_RUN_WORD = rf"(?:{_CAP_WORD}|[A-Z]{{2,}}\d*)"
"""A word of a name: capitalised, or an acronym inside a longer name ("ACL Anthology")."""
_CAP_RUN = re.compile(rf"\b{_RUN_WORD}(?:\s+(?:{_CONNECTOR}\s+(?:the\s+)?)?{_RUN_WORD})*\b")
_CAP_WORD_ONLY = re.compile(_CAP_WORD)
_NUMBER_AFTER = re.compile(r"^\s*\d")

_RFC_TEXT = """
    MUST SHALL SHOULD MAY NOT REQUIRED RECOMMENDED OPTIONAL AND OR THE IF THEN ELSE FOR TO
    OF IN ON IS NO YES ALL ANY NOTE TODO WARNING OK STRONGLY NEVER ALWAYS ONLY VERY ALSO BUT
    IMPORTANT DEPRECATED NB
"""
_RFC_WORDS = frozenset(_RFC_TEXT.split())
_ROMAN = re.compile(r"^[IVXLCDM]+$")
_COMMON_TEXT = """
    a about above after again against all also although always among an and another any are
    as at be because been before being below between both but by can could did do does doing
    done down during each either else even every few first for from further had has have
    having he her here hers him his how however i if in into is it its just last least less
    let like many may me might more most much must my neither never next no nor not now of
    off often on once one only or other our out over own per perhaps rather same second
    several she should since so some such than that the their them then there therefore
    these they third this those though through thus to too under unless until up upon us
    very via was we were what when where whether which while who whom whose why will with
    within without would yet you your note notes see figure fig table tab section sec
    appendix chapter eq equation example examples abstract introduction conclusion
    conclusions summary motivation rationale specification definitions references
    acknowledgements acknowledgments copyright monday tuesday wednesday thursday friday
    saturday sunday january february march april june july august september october november
    december
"""
COMMON_WORDS = frozenset(_COMMON_TEXT.split())
"""Capitalised forms of these are never names on their own (sentence starts, headings)."""


@dataclass(frozen=True)
class Mention:
    key: str
    surface: str
    kind: str


@dataclass
class Vocabulary:
    """What the whole document tells about its words' capitalisation."""

    lower: set[str] = field(default_factory=set)
    capital_inside: set[str] = field(default_factory=set)

    def learn(self, text: str) -> None:
        for sentence in _sentences(text):
            for index, match in enumerate(_WORD.finditer(sentence)):
                word = match.group(0)
                if word[0].islower():
                    self.lower.add(word.lower())
                elif index > 0 and word[1:].islower():
                    self.capital_inside.add(word)

    def is_proper(self, word: str, *, initial: bool) -> bool:
        """A lone capitalised word is a name only if the document never lower-cases it."""
        lowered = word.lower()
        if lowered in COMMON_WORDS or lowered in self.lower or len(word) < 3:
            return False
        return not initial or word in self.capital_inside


def vocabulary(texts: Iterable[str]) -> Vocabulary:
    vocab = Vocabulary()
    for text in texts:
        vocab.learn(text)
    return vocab


def normalise(surface: str) -> str:
    """The key an entity is known by: case-folded, dashes and spaces unified."""
    text = unicodedata.normalize("NFKC", surface).translate(_QUOTES)
    text = _DASHES.sub("-", text)
    text = _SPACES.sub(" ", text).strip(" \t.,;:!?\"'()[]{}")
    text = re.sub(r"'s$", "", text)
    key = text.casefold()
    numbered = re.fullmatch(r"([a-z]{2,})[- ]?(\d+(?:\.\d+)?)", key)
    return f"{numbered.group(1)}-{numbered.group(2)}" if numbered else key


def _sentences(text: str) -> list[str]:
    """Sentences, also cut at line breaks and colons: both start a new capitalised unit."""
    out: list[str] = []
    for line in text.splitlines():
        for part in re.split(r":\s+", _SPACES.sub(" ", line)):
            out.extend(split_sentences(part))
    return out


def extract(text: str, vocab: Vocabulary, *, single_words: bool = True) -> list[Mention]:
    """Every mention in ``text``, in order of the rules (longest, most specific first).

    ``single_words=False`` keeps only multi-word names, for table cells, whose capitals
    mark row and column labels rather than names.
    """
    text = _DASHES.sub("-", unicodedata.normalize("NFKC", text).translate(_QUOTES))
    mentions: list[Mention] = []
    for sentence in _sentences(text):
        mentions.extend(_extract_sentence(sentence, vocab, single_words))
    return mentions


def _extract_sentence(sentence: str, vocab: Vocabulary, single_words: bool) -> list[Mention]:
    taken = [False] * len(sentence)
    found: list[tuple[int, Mention]] = []

    def claim(start: int, end: int, surface: str, kind: str) -> None:
        if any(taken[start:end]):
            return
        taken[start:end] = [True] * (end - start)
        found.append((start, Mention(normalise(surface), surface, kind)))

    for match in _QUOTED.finditer(sentence):
        if _is_title(match.group(1)):
            claim(match.start(1), match.end(1), match.group(1).strip(), "title")
    for match in _CONSTANT.finditer(sentence):
        claim(match.start(), match.end(), match.group(0), "identifier")
    for match in _NUMBERED.finditer(sentence):
        claim(match.start(), match.end(), match.group(0), "identifier")
    for match in _CAMEL.finditer(sentence):
        claim(match.start(), match.end(), match.group(0), "identifier")
    for match in _CAP_RUN.finditer(sentence):
        name = _name_from_run(sentence, match, vocab)
        if name is not None and (single_words or " " in name):
            start = match.start() + match.group(0).find(name)
            if start >= match.start():
                claim(start, start + len(name), name, "name")
    if not _shouting(sentence):
        for match in _ACRONYM.finditer(sentence):
            surface = _singular_acronym(match.group(0))
            if surface and _is_acronym(surface):
                claim(match.start(), match.end(), surface, "acronym")
    found.sort(key=lambda item: item[0])
    return [mention for _, mention in found if mention.key]


def _shouting(sentence: str) -> bool:
    """An all-caps heading or warning: its capitals are not acronyms."""
    words = [word for word in _WORD.findall(sentence) if len(word) > 1]
    return len(words) >= 3 and sum(word.isupper() for word in words) * 2 > len(words)


def _singular_acronym(surface: str) -> str:
    return surface[:-1] if surface.endswith("s") else surface


def _is_acronym(surface: str) -> bool:
    letters = sum(char.isalpha() for char in surface)
    return letters >= 2 and surface not in _RFC_WORDS and not _ROMAN.fullmatch(surface)


def _is_title(inner: str) -> bool:
    """A quoted title: several words, most of the content words capitalised."""
    words: list[str] = _WORD.findall(inner)
    content = [word for word in words if word.lower() not in COMMON_WORDS or word[0].isupper()]
    if len(words) < 2 or not inner[0].isupper() or not content:
        return False
    if all(word.isupper() for word in words):
        return False  # "SHOULD NOT": emphasis, not a title
    return sum(word[0].isupper() for word in content) * 3 >= len(content) * 2


def _name_from_run(sentence: str, match: re.Match[str], vocab: Vocabulary) -> str | None:
    """The name inside a run of capitalised words, after dropping what proves nothing."""
    words = match.group(0).split()
    for index, word in enumerate(words):
        if word in _RFC_WORDS:  # "Implementations MUST": the name, if any, ends before it
            words = words[:index]
            break
        if word.endswith("'s"):  # "Google's Gemini": the name ends at the possessive
            words = [*words[:index], word[:-2]]
            break
    initial = sentence[: match.start()].strip(" \t\"'([*-•#>") == ""
    if initial and len(words) > 1 and words[0].lower() in vocab.lower:
        words.pop(0)  # "Miners choose": the capital only marks the start of the sentence
        initial = False
    while words and (words[0].lower() in COMMON_WORDS or _is_connector(words[0])):
        words.pop(0)
        initial = False
    while words and _is_connector(words[-1]):
        words.pop()
    if not any(_CAP_WORD_ONLY.fullmatch(word) for word in words):
        return None  # acronyms alone are found by the acronym rule
    if len(words) == 1:
        if _NUMBER_AFTER.match(sentence[match.end() :]):
            return None  # "Table 2", "Version 3": a label with a number is a reference
        if not vocab.is_proper(words[0], initial=initial):
            return None
    return " ".join(words)


def _is_connector(word: str) -> bool:
    return re.fullmatch(_CONNECTOR, word) is not None or word == "the"


@dataclass
class EntityInfo:
    """One entity of a document: its key, the label shown, other spellings, kind."""

    key: str
    label: str
    aliases: list[str]
    kind: str


def summarise(mentions: Iterable[Mention]) -> dict[str, EntityInfo]:
    """Per key: the most frequent spelling as label, the others as aliases, the main kind."""
    surfaces: dict[str, Counter[str]] = {}
    kinds: dict[str, Counter[str]] = {}
    for mention in mentions:
        surfaces.setdefault(mention.key, Counter())[mention.surface] += 1
        kinds.setdefault(mention.key, Counter())[mention.kind] += 1
    out: dict[str, EntityInfo] = {}
    for key, counts in surfaces.items():
        label = max(counts, key=lambda surface: (counts[surface], -_order(counts, surface)))
        out[key] = EntityInfo(
            key=key,
            label=label,
            aliases=sorted(surface for surface in counts if surface != label),
            kind=kinds[key].most_common(1)[0][0],
        )
    return out


def fold_plurals(mentions: list[Mention]) -> list[Mention]:
    """A plural that only adds an "s" to another entity ("TransactionTypes") joins it."""
    keys = {mention.key for mention in mentions}
    return [
        replace(mention, key=mention.key[:-1])
        if mention.key.endswith("s") and mention.key[:-1] in keys
        else mention
        for mention in mentions
    ]


def _order(counts: Counter[str], surface: str) -> int:
    return list(counts).index(surface)
