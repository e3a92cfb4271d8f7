"""One parsed document as the rows the graph writer sends: nodes, edges, chunks, entities.

Pure data, no database: everything here is decided from the document alone, so the
same file always yields the same rows (stable ids from path and position), and the loader
only has to ship them. Edges that need other documents (LINKS_TO, SHARES_ENTITY,
SIMILAR_TO) and entity linking are resolved in Cypher after the rows are written.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise
from pathlib import PurePosixPath
from typing import Any

from taskspace.documents.chunking import Chunk, Piece, chunk_document
from taskspace.documents.entities import (
    Mention,
    Vocabulary,
    extract,
    fold_plurals,
    summarise,
    vocabulary,
)
from taskspace.documents.model import GRAPH_LABELS, DocElement, ElementKind, ParsedDocument
from taskspace.graph.ids import stable_id

Row = dict[str, Any]


ENTITY_SOURCE_KINDS = frozenset(
    {ElementKind.PARAGRAPH, ElementKind.LIST_ITEM, ElementKind.TABLE, ElementKind.FIGURE}
)
"""Headings are title-cased and code is full of CamelCase: neither names things reliably."""

_REFERENCE_KINDS = {
    "table": ElementKind.TABLE,
    "figure": ElementKind.FIGURE,
    "section": ElementKind.SECTION,
}


def document_id(path: str) -> str:
    return stable_id("doc", path)


def element_id(path: str, position: int) -> str:
    return stable_id("el", path, position)


def chunk_id(path: str, index: int) -> str:
    return stable_id("chunk", path, index)


def entity_id(key: str) -> str:
    return stable_id("entity", key)


def related_key(entry: str) -> str:
    """``./eip-2718.md#spec`` -> ``eip-2718``: the file name a reference points at."""
    name = entry.split("#", 1)[0].split("?", 1)[0].rstrip("/")
    name = PurePosixPath(name.replace("\\", "/")).name or name
    stem = PurePosixPath(name).stem if "." in name else name
    return stem.strip().lower()


STRUCTURE_EDGES = {
    "has_section": "HAS_SECTION",
    "doc_contains": "CONTAINS",
    "contains": "CONTAINS",
    "next": "NEXT",
    "refers_to": "REFERS_TO",
    "next_chunk": "NEXT_CHUNK",
}
"""Payload keys of ``documents/merge_document`` and the relationship type each one writes."""


@dataclass
class DocumentRows:
    """Everything one document writes: one structure payload, chunk texts, entity rows."""

    doc_id: str
    path: str
    document: Row
    elements: list[Row]
    structure: dict[str, list[Row]]
    chunks: list[Row]
    chunk_texts: list[str]
    entities: list[Row]
    source: str = ""
    """The id of the :Source every row names."""

    @property
    def chunk_ids(self) -> list[str]:
        return [row["id"] for row in self.chunks]

    def payload(self) -> Row:
        """The row of ``documents/merge_document``: the document with all it contains."""
        return {
            **self.document,
            "elements": self.elements,
            "element_ids": [row["id"] for row in self.elements],
            "chunks": self.chunks,
            "chunk_ids": self.chunk_ids,
            **self.structure,
        }

    def parts(self, max_elements: int) -> list[Row]:
        """The payload cut in transactions of at most ``max_elements`` elements (and chunks).

        The first part is a ``documents/merge_document`` row (the document, and the ids of
        everything it now has, so that what an edited file lost is removed); the others are
        ``documents/merge_document_part`` rows. An edge goes with the part of its later end,
        so both ends exist when it is written. A small document is one part.
        """
        if len(self.elements) <= max_elements and len(self.chunks) <= max_elements:
            return [self.payload()]
        element_part = {row["id"]: i // max_elements for i, row in enumerate(self.elements)}
        chunk_part = {
            row["id"]: max([i // max_elements] + [element_part.get(e, 0) for e in row["elements"]])
            for i, row in enumerate(self.chunks)
        }
        count = max([0, *element_part.values(), *chunk_part.values()]) + 1
        parts: list[Row] = [
            {
                "id": self.doc_id,
                "elements": [],
                "chunks": [],
                **{key: [] for key in STRUCTURE_EDGES},
            }
            for _ in range(count)
        ]
        for row in self.elements:
            parts[element_part[row["id"]]]["elements"].append(row)
        for row in self.chunks:
            parts[chunk_part[row["id"]]]["chunks"].append(row)
        where = {**element_part, **chunk_part}
        for key in STRUCTURE_EDGES:
            for edge in self.structure[key]:
                ends = [edge.get("start"), edge["end"]]
                parts[max(where.get(end, 0) for end in ends if end)][key].append(edge)
        parts[0].update(
            {**self.document, "element_ids": [r["id"] for r in self.elements]},
            chunk_ids=self.chunk_ids,
        )
        return parts

    def counts(self) -> tuple[Counter[str], Counter[str]]:
        """Nodes per label and edges per type that these rows write."""
        nodes: Counter[str] = Counter({"Document": 1, "Chunk": len(self.chunks)})
        nodes.update(row["label"] for row in self.elements)
        edges: Counter[str] = Counter()
        for key, rel_type in STRUCTURE_EDGES.items():
            edges[rel_type] += len(self.structure[key])
        edges["FROM_DOCUMENT"] = len(self.chunks)
        edges["HAS_ELEMENT"] = sum(len(row["elements"]) for row in self.chunks)
        edges["MENTIONS"] = sum(len(row["elements"]) + len(row["chunks"]) for row in self.entities)
        return nodes, edges


def document_rows(document: ParsedDocument, source: str, chunk_chars: int) -> DocumentRows:
    path = document.path
    doc_id = document_id(path)
    elements = sorted(document.elements, key=lambda element: element.position)
    chunks = chunk_document(document, chunk_chars)
    structure = _structure_edges(path, elements)
    structure["next_chunk"] = [
        {"start": chunk_id(path, a.index), "end": chunk_id(path, b.index)}
        for a, b in pairwise(chunks)
    ]
    chunk_rows = [_chunk_row(path, chunk, source) for chunk in chunks]
    return DocumentRows(
        doc_id=doc_id,
        path=path,
        document=_document_row(document, doc_id, source),
        elements=[_element_row(document, element, source) for element in elements],
        structure=structure,
        chunks=chunk_rows,
        chunk_texts=[row["props"]["text"] for row in chunk_rows],  # the same strings, not copies
        entities=_entity_rows(document, elements, chunks, source),
        source=source,
    )


def _document_row(document: ParsedDocument, doc_id: str, source: str) -> Row:
    path = PurePosixPath(document.path)
    related = sorted({related_key(entry) for entry in document.related} - {"", path.stem.lower()})
    return {
        "id": doc_id,
        "props": {
            "path": document.path,
            "name": path.stem,
            "title": document.title,
            "authors": list(document.authors),
            "format": document.format,
            "pages": document.pages,
            "metadata_json": json.dumps(document.metadata, sort_keys=True, default=str),
            "related": related,
            "source": source,
        },
    }


def _element_row(document: ParsedDocument, element: DocElement, source: str) -> Row:
    return {
        "id": element_id(document.path, element.position),
        "label": GRAPH_LABELS[element.kind],
        "props": {
            "kind": element.kind.value,
            "text": element.text,
            "page": element.page,
            "bbox": list(element.bbox) if element.bbox else None,
            "heading_path": element.heading_path,  # shared per section, never mutated
            "position": element.position,
            "level": element.level,
            "number": element.number,
            "caption": element.caption,
            "rows_json": json.dumps(element.rows) if element.rows is not None else None,
            "language": element.language,
            "file": document.path,
            "title": document.title,
            "source": source,
        },
    }


def _structure_edges(path: str, elements: list[DocElement]) -> dict[str, list[Row]]:
    """HAS_SECTION and CONTAINS from the parent tree, NEXT in reading order, REFERS_TO."""
    positions = {element.position for element in elements}
    has_section: list[Row] = []
    doc_contains: list[Row] = []
    contains: list[Row] = []
    for element in elements:
        own = element_id(path, element.position)
        if element.parent is not None and element.parent in positions:
            contains.append({"start": element_id(path, element.parent), "end": own})
        elif element.kind is ElementKind.SECTION:
            has_section.append({"end": own})
        else:
            doc_contains.append({"end": own})
    following = [
        {"start": element_id(path, a.position), "end": element_id(path, b.position)}
        for a, b in pairwise(elements)
    ]
    return {
        "has_section": has_section,
        "doc_contains": doc_contains,
        "contains": contains,
        "next": following,
        "refers_to": _reference_edges(path, elements),
    }


def _reference_edges(path: str, elements: list[DocElement]) -> list[Row]:
    """A mention such as "Table 2" points at the table numbered 2 of the same document."""
    targets: dict[tuple[ElementKind, str], int] = {}
    for element in elements:
        if element.number:
            targets.setdefault((element.kind, _number(element.number)), element.position)
    rows: dict[tuple[int, int], Row] = {}
    for element in elements:
        for reference in element.references:
            target = targets.get((_REFERENCE_KINDS[reference.kind], _number(reference.number)))
            if target is not None and target != element.position:
                rows[(element.position, target)] = {
                    "start": element_id(path, element.position),
                    "end": element_id(path, target),
                }
    return list(rows.values())


def _number(value: str) -> str:
    return value.strip().rstrip(".").lower()


def _chunk_row(path: str, chunk: Chunk, source: str) -> Row:
    return {
        "id": chunk_id(path, chunk.index),
        "elements": [element_id(path, position) for position in chunk.positions],
        "props": {
            "text": chunk.text,
            "index": chunk.index,
            "heading_path": chunk.heading_path,
            "page": chunk.page,
            "file": path,
            "source": source,
        },
    }


def _entity_rows(
    document: ParsedDocument, elements: list[DocElement], chunks: list[Chunk], source: str
) -> list[Row]:
    """One row per entity, with the elements and chunks that mention it (and how often)."""
    vocab = vocabulary(e.text for e in elements if e.kind in ENTITY_SOURCE_KINDS)
    found = [
        (chunk.index, piece.position, mention)
        for chunk in chunks
        for piece in chunk.pieces
        for mention in _piece_mentions(piece, vocab)
    ]
    mentions = fold_plurals([mention for _, _, mention in found])
    by_element: dict[int, Counter[str]] = defaultdict(Counter)
    by_chunk: dict[int, Counter[str]] = defaultdict(Counter)
    for (index, position, _), mention in zip(found, mentions, strict=True):
        by_element[position][mention.key] += 1
        by_chunk[index][mention.key] += 1
    rows: list[Row] = []
    for key, info in sorted(summarise(mentions).items()):
        forms = sorted({key, info.label.lower(), *(alias.lower() for alias in info.aliases)})
        rows.append(
            {
                "id": entity_id(key),
                "key": key,
                "forms": forms,
                "query": " OR ".join(_phrase(form) for form in forms),
                "props": {
                    "label": info.label,
                    "aliases": info.aliases,
                    "aliases_text": " | ".join(info.aliases),
                    "kind": info.kind,
                    "key": key,
                    "source": source,
                },
                "elements": _mentions_of(key, by_element, lambda p: element_id(document.path, p)),
                "chunks": _mentions_of(key, by_chunk, lambda i: chunk_id(document.path, i)),
            }
        )
    return rows


def _piece_mentions(piece: Piece, vocab: Vocabulary) -> list[Mention]:
    if piece.kind not in ENTITY_SOURCE_KINDS:
        return []
    return extract(piece.text, vocab, single_words=piece.kind is not ElementKind.TABLE)


def _mentions_of(
    key: str, counts: dict[int, Counter[str]], node_id: Callable[[int], str]
) -> list[Row]:
    return [
        {"id": node_id(owner), "count": counter[key]}
        for owner, counter in sorted(counts.items())
        if counter[key]
    ]


def _phrase(form: str) -> str:
    """A Lucene phrase query for ``form``: only backslash and double quote need escaping."""
    return '"' + form.replace("\\", "\\\\").replace('"', '\\"') + '"'
