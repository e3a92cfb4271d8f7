"""The entity rows of one document: each entity, the elements and chunks that mention it.

Mentions are found per chunk piece (:mod:`taskspace.sources.documents.entities`), plurals folded,
surnames resolved and generic terms dropped (:mod:`taskspace.sources.documents.entity_links`);
``documents/merge_entities`` then links each shared entity to what the graph knows.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from typing import Any

from taskspace.sources.documents.chunking import Chunk, Piece
from taskspace.sources.documents.entities import (
    Mention,
    Vocabulary,
    extract,
    fold_plurals,
    normalise,
    summarise,
    vocabulary,
)
from taskspace.sources.documents.entity_links import cited_surnames, resolve_names
from taskspace.sources.documents.model import DocElement, ElementKind, ParsedDocument
from taskspace.sources.documents.node_ids import chunk_id, element_id, entity_id

Row = dict[str, Any]

ENTITY_SOURCE_KINDS = frozenset(
    {ElementKind.PARAGRAPH, ElementKind.LIST_ITEM, ElementKind.TABLE, ElementKind.FIGURE}
)
"""Headings are title-cased and code is full of CamelCase: neither names things reliably."""

_FIELD = re.compile(r"\s*([A-Za-z][A-Za-z0-9 _()-]{0,39}):(?!//)")
"""A list item that opens with a field name: "Start Date: 2016-09-26", "Rust Issue:https…"."""
FIELD_WORDS = 4
"""A field name is a short label; a longer run before a colon is a sentence."""
VALUE_WORDS = 3
"""A field's value is a date, a link, an identifier or a short name, not a definition."""


def preamble_fields(elements: list[DocElement]) -> dict[int, int]:
    """Position -> length of the field name, for a document's own header of fields: the
    list items ahead of its first section when two or more of them are there, each one
    "Label: short value", one value with a digit in it (a date, a number). Every Rust RFC
    opens so ("Feature Name", "Start Date", "RFC PR", "Rust Issue"): the labels are the
    form's, not things the document names, and as entities they joined every RFC to every
    other. A glossary (definitions, no dates) and a list inside a section keep their terms."""
    fields: dict[int, int] = {}
    values: list[str] = []
    for element in elements:
        if element.kind is ElementKind.SECTION:
            break
        if element.kind is not ElementKind.LIST_ITEM:
            continue
        match = _FIELD.match(element.text)
        value = element.text[match.end() :] if match else ""
        if not match or len(match.group(1).split()) > FIELD_WORDS:
            return {}
        if len(value.split()) > VALUE_WORDS:
            return {}
        fields[element.position] = match.end()
        values.append(value)
    if len(fields) < 2 or not any(c.isdigit() for value in values for c in value):
        return {}
    return fields


def entity_rows(
    document: ParsedDocument,
    elements: list[DocElement],
    chunks: list[Chunk],
    source: str,
    key: str,
) -> list[Row]:
    """One row per entity, with the elements and chunks that mention it (and how often).

    An entity that may stand for different things in different documents (a bare surname:
    :mod:`taskspace.sources.documents.entity_links`) is ``shared: false``: its id is this
    document's own (made from ``key``, the document's) and it is never merged with another
    document's entity.
    """
    document_key = key
    texts = [e.text for e in elements if e.kind in ENTITY_SOURCE_KINDS]
    vocab = vocabulary(texts)
    fields = preamble_fields(elements)
    found = [
        (chunk.index, piece.position, mention)
        for chunk in chunks
        for piece in chunk.pieces
        for mention in _piece_mentions(piece, vocab, fields)
    ]
    folded = fold_plurals([mention for _, _, mention in found])
    resolved, local = resolve_names(folded, cited_surnames(texts))
    by_element: dict[int, Counter[str]] = defaultdict(Counter)
    by_chunk: dict[int, Counter[str]] = defaultdict(Counter)
    mentions: list[Mention] = []
    for (index, position, _), mention in zip(found, resolved, strict=True):
        if mention is None:
            continue
        mentions.append(mention)
        by_element[position][mention.key] += 1
        by_chunk[index][mention.key] += 1
    element_mentions = _owners_by_key(by_element)
    chunk_mentions = _owners_by_key(by_chunk)
    rows: list[Row] = []
    for key, info in sorted(summarise(mentions).items()):
        shared = key not in local
        forms = sorted(
            {key, *(form.lower() for form in (info.label, *info.aliases) if normalise(form) == key)}
        )
        rows.append(
            {
                "id": entity_id(key, None if shared else document_key),
                "key": key,
                "shared": shared,
                "forms": forms,
                "query": " OR ".join(_phrase(form) for form in forms),
                "props": {
                    "label": info.label,
                    "aliases": info.aliases,
                    "aliases_text": " | ".join(info.aliases),
                    "kind": info.kind,
                    "key": key,
                    "shared": shared,
                    "source": source,
                },
                "elements": [
                    {"id": element_id(document_key, position), "count": count}
                    for position, count in element_mentions.get(key, [])
                ],
                "chunks": [
                    {"id": chunk_id(document_key, index), "count": count}
                    for index, count in chunk_mentions.get(key, [])
                ],
            }
        )
    return rows


def _piece_mentions(piece: Piece, vocab: Vocabulary, fields: dict[int, int]) -> list[Mention]:
    """The mentions in one piece; a header field's value is read, its label is not."""
    if piece.kind not in ENTITY_SOURCE_KINDS:
        return []
    text = piece.text
    cut = fields.get(piece.position)
    if cut is not None and _FIELD.match(text):
        text = text[cut:]
    return extract(text, vocab, single_words=piece.kind is not ElementKind.TABLE)


def _owners_by_key(counts: dict[int, Counter[str]]) -> dict[str, list[tuple[int, int]]]:
    """Per entity key, the owners (element positions or chunk indexes) that mention it and
    how often, in owner order: one pass over the counts, where asking every owner for every
    key took entities × owners steps (minutes for a 5 MB file)."""
    owners: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for owner, counter in sorted(counts.items()):
        for key, count in counter.items():
            if count:
                owners[key].append((owner, count))
    return owners


def _phrase(form: str) -> str:
    """A Lucene phrase query for ``form``: only backslash and double quote need escaping."""
    return '"' + form.replace("\\", "\\\\").replace('"', '\\"') + '"'
