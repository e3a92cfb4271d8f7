"""The entity rows of one document: each entity, the elements and chunks that mention it.

Mentions are found per chunk piece (:mod:`taskspace.sources.documents.entities`), plurals folded,
surnames resolved and generic terms dropped (:mod:`taskspace.sources.documents.entity_links`);
``documents/merge_entities`` then links each shared entity to what the graph knows.
"""

from __future__ import annotations

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
    found = [
        (chunk.index, piece.position, mention)
        for chunk in chunks
        for piece in chunk.pieces
        for mention in _piece_mentions(piece, vocab)
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


def _piece_mentions(piece: Piece, vocab: Vocabulary) -> list[Mention]:
    if piece.kind not in ENTITY_SOURCE_KINDS:
        return []
    return extract(piece.text, vocab, single_words=piece.kind is not ElementKind.TABLE)


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
