"""The extractive baseline's rules: from a question and what a retriever returned to the
span, cell or heading that answers it, with the nodes it came from. No model, no gold.

Each rule recognises one shape of question (a cloze blank, a table cell, a section's
neighbour …); a question no rule knows gets the retrieved sentence that shares the most
words with it. Confidence is that word overlap, so it says how much the rule had to go on.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from taskspace.core.words import STOPWORDS, split_tokens
from taskspace.retrieval.model import Retrieval

_WORD = re.compile(r"[A-Za-z0-9][\w-]*")
"""The words around a cloze blank, as written (they become a pattern over the raw text)."""
_QUOTED = re.compile(r"“(.+?)”", re.DOTALL)
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")
_NAME = re.compile(r"\b(?:[A-Z][\w-]*[A-Za-z0-9])(?:\s+[A-Z][\w-]*[A-Za-z0-9])*")
QUESTION_FRAME = frozenset({"section", "document", "true", "false"})
"""Words of the document templates' question frames ("In the document …, which section …",
"True or false: …"): every question of a kind has them, so they point at no sentence."""
_STOP = STOPWORDS | QUESTION_FRAME


@dataclass(frozen=True)
class Extracted:
    answer: str
    cited: list[str] = field(default_factory=list)
    confidence: float = 0.0


def words(text: str) -> set[str]:
    """The content words of ``text`` (``taskspace.core.words``), of two letters or more."""
    return {w for w in split_tokens(text) if w not in _STOP and len(w) > 1}


def overlap(question: str, text: str) -> float:
    """Share of the question's content words that ``text`` contains, in [0, 1]."""
    wanted = words(question)
    return len(wanted & words(text)) / len(wanted) if wanted else 0.0


def _clean(span: str) -> str:
    span = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", span)
    return span.strip(" \t\n`*_\"'“”()[],.;:")


def best_sentence(question: str, retrieval: Retrieval) -> Extracted:
    """The fallback: the retrieved sentence sharing the most words with the question."""
    best = Extracted("", [], 0.0)
    for item in retrieval.items:
        for sentence in _SENTENCE.split(item.text):
            score = overlap(question, sentence)
            if sentence.strip() and score > best.confidence:
                best = Extracted(_clean(sentence), [item.node_id], score)
    return best


def _cloze(question: str, retrieval: Retrieval) -> Extracted | None:
    """“… ____ …” Which name fills the blank? The span that sits between the words around
    the blank in a retrieved text; else the retrieved name that best fits the passage."""
    if "____" not in question:
        return None
    quoted = [q for q in _QUOTED.findall(question) if "____" in q]
    passage = quoted[0] if quoted else question
    left, _, right = passage.partition("____")
    before, after = _WORD.findall(left), _WORD.findall(right)
    for size in range(6, 0, -1):
        head = r"\W+".join(re.escape(w) for w in before[-size:])
        tail = r"\W+".join(re.escape(w) for w in after[:size])
        if not head and not tail:
            break
        pattern = re.compile(
            (head + r"\W*" if head else "") + r"(.{1,80}?)" + (r"\W*" + tail if tail else r"\b"),
            re.DOTALL,
        )
        for item in retrieval.items:
            found = pattern.search(item.text)
            if found and _clean(found.group(1)):
                return Extracted(_clean(found.group(1)), [item.node_id], size / 6)
    present = set(_NAME.findall(passage))
    ranked = sorted(retrieval.items, key=lambda item: -overlap(passage, item.text))
    for item in ranked:
        names = [n for n in _NAME.findall(item.text) if n not in present and n.lower() not in _STOP]
        if names:
            return Extracted(names[0], [item.node_id], overlap(passage, item.text) / 2)
    return None


def _table_cell(question: str, retrieval: Retrieval) -> Extracted | None:
    """the value in the row “R” under the column “C”: read it from a pipe table's text."""
    found = re.search(r"row “(.+?)” under the column “(.+?)”", question)
    if not found:
        return None
    row_label, column = found.group(1).strip().lower(), found.group(2).strip().lower()
    for item in retrieval.items:
        rows = [
            [cell.strip() for cell in line.strip().strip("|").split("|")]
            for line in item.text.splitlines()
            if "|" in line
        ]
        header = next((r for r in rows if column in [c.lower() for c in r]), None)
        if header is None:
            continue
        index = [c.lower() for c in header].index(column)
        for row in rows:
            if row and row[0].lower() == row_label and index < len(row):
                return Extracted(row[index], [item.node_id], 1.0)
    return None


def _sections(retrieval: Retrieval, document: str | None) -> list[tuple[list[str], str]]:
    """Heading paths of the retrieved items (of ``document`` when named), with node ids."""
    return [
        (path, item.node_id)
        for item in retrieval.items
        if document is None or _same(item.document, document)
        for path in item.paths
    ]


def _same(a: str | None, b: str) -> bool:
    return a is not None and (a.lower() in b.lower() or b.lower() in a.lower())


def _document(question: str, retrieval: Retrieval | None = None) -> str | None:
    """The document a question names: a quoted title a retrieved item has, else the quote
    after "In" or "of"."""
    titles = {item.document for item in retrieval.items if item.document} if retrieval else set()
    for quoted in _QUOTED.findall(question):
        if any(_same(title, quoted) for title in titles):
            return str(quoted)
    found = re.search(r"(?:In|of) (?:the document )?“(.+?)”", question)
    return found.group(1) if found else None


CONVENTIONAL_ORDER = (
    "simple summary|summary|abstract",
    "introduction|motivation|background",
    "specification|method|methods|design|definitions",
    "rationale|discussion|results",
    "backwards compatibility|test cases|reference implementation|evaluation",
    "security considerations|limitations|conclusion|conclusions",
    "references|acknowledgements|acknowledgments|copyright",
)
"""Where headings usually stand in a specification or paper (lower index: earlier)."""


def conventional_rank(heading: str) -> int | None:
    name = heading.strip().lower()
    for rank, names in enumerate(CONVENTIONAL_ORDER):
        if name in names.split("|"):
            return rank
    return None


def _parent(question: str, retrieval: Retrieval) -> Extracted | None:
    found = re.search(r"subsection “(.+?)” found", question)
    if not found:
        return None
    title = found.group(1).strip()
    for path, node in _sections(retrieval, _document(question, retrieval)):
        if title in path and path[0] != title:
            return Extracted(path[0], [node], 1.0)
    return None


def _order(question: str, retrieval: Retrieval) -> Extracted | None:
    """True or false: “A” comes before “B”: compare where they stand in the retrieved text."""
    if not question.startswith("True or false"):
        return None
    quoted = _QUOTED.findall(question)
    if len(quoted) < 3:
        return None
    first, second = quoted[-2].strip(), quoted[-1].strip()
    for item in retrieval.items:
        text = "\n".join([*item.heading_path, item.text])
        if first in text and second in text:
            return Extracted(
                "true" if text.index(first) < text.index(second) else "false", [item.node_id], 1.0
            )
    ranks = conventional_rank(first), conventional_rank(second)
    if ranks[0] is not None and ranks[1] is not None and ranks[0] != ranks[1]:
        return Extracted("true" if ranks[0] < ranks[1] else "false", [], 0.5)
    return Extracted("true", [], 0.0)


def _compare(question: str, retrieval: Retrieval) -> Extracted | None:
    """Which of two sections has more paragraphs: the one more retrieved text sits under."""
    found = re.search(r"paragraphs directly under it: “(.+?)” or “(.+?)”", question)
    if not found:
        return None
    sizes: dict[str, tuple[int, list[str]]] = {}
    for title in found.groups():
        items = [i for i in retrieval.items if any(path[-1] == title for path in i.paths)]
        sizes[title] = (sum(len(i.text) for i in items), [i.node_id for i in items])
    larger = max(found.groups(), key=lambda title: sizes[title][0])
    cited = sizes[larger][1]
    return Extracted(larger, cited, 0.5 if cited else 0.0)


def _next_or_count(question: str, retrieval: Retrieval) -> Extracted | None:
    """Headings under or beside a section, as far as the retrieved items show them."""
    after = re.search(r"comes right after “(.+?)”", question)
    count = re.search(r"How many subsections does the section “(.+?)”", question)
    if not after and not count:
        return None
    title = (after or count).group(1).strip()  # type: ignore[union-attr]
    paths = _sections(retrieval, _document(question, retrieval))
    if count:
        children = {
            (tuple(p[: p.index(title) + 2]), n)
            for p, n in paths
            if title in p and p.index(title) + 1 < len(p)
        }
        names = {c for c, _ in children}
        return Extracted(str(len(names)), sorted({n for _, n in children}), 0.3)
    here = next((p for p, _ in paths if p and p[-1] == title), None)
    for path, node in paths:
        if here is not None and path[-1] != title and len(path) == len(here):
            return Extracted(path[-1], [node], 0.3)
    return None


def _other_document(question: str, retrieval: Retrieval) -> Extracted | None:
    """Another document mentioning the entity, or the documents a document links to."""
    named = _document(question, retrieval)
    if named is None:
        return None
    if "document's title" in question:
        entity = re.search(r"mentions (.+?)\. Exactly one other", question)
        mark = entity.group(1) if entity else ""
        elsewhere = [i for i in retrieval.items if i.document and not _same(i.document, named)]
        for item in sorted(elsewhere, key=lambda i: mark not in i.text):
            return Extracted(item.document or "", [item.node_id], 0.8 if mark in item.text else 0.3)
        return None
    if "link to or build on" in question:
        others: dict[str, str] = {}
        for item in retrieval.items:
            if item.document and not _same(item.document, named):
                others.setdefault(item.document, item.node_id)
        if others:
            return Extracted(" | ".join(others), list(others.values()), 0.5)
    return None


def _section_title(question: str, retrieval: Retrieval) -> Extracted | None:
    found = re.search(r"title of section ([\d.]+)\?", question)
    if not found:
        return None
    number = found.group(1)
    for path, node in _sections(retrieval, _document(question, retrieval)):
        for heading in path:
            if re.match(rf"{re.escape(number)}\.?\s", heading):
                return Extracted(heading, [node], 1.0)
    return None


Rule = Callable[[str, Retrieval], Extracted | None]
RULES: tuple[Rule, ...] = (
    _cloze,
    _table_cell,
    _order,
    _compare,
    _parent,
    _next_or_count,
    _other_document,
    _section_title,
)


def extract(question: str, retrieval: Retrieval) -> Extracted:
    """The first rule that knows the question's shape and finds something; else the best
    sentence."""
    for rule in RULES:
        found = rule(question, retrieval)
        if found is not None and found.answer:
            return found
    return best_sentence(question, retrieval)
