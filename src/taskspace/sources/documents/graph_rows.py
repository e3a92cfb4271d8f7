"""One parsed document as the rows the graph writer sends: nodes, edges, chunks, entities.

Pure data, no database: everything here is decided from the document alone, so the
same file always yields the same rows (stable ids from path and position), and the loader
only has to ship them. Edges that need other documents (LINKS_TO, SHARES_ENTITY,
SIMILAR_TO) and entity linking are resolved in Cypher after the rows are written.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import PurePosixPath
from typing import Any

from taskspace.sources.documents.chunking import PATH_JOINER, Chunk, chunk_document
from taskspace.sources.documents.duplicates import document_sample
from taskspace.sources.documents.entity_rows import entity_rows
from taskspace.sources.documents.model import GRAPH_LABELS, DocElement, ElementKind, ParsedDocument
from taskspace.sources.documents.node_ids import chunk_id, document_id, element_id
from taskspace.sources.documents.quantities import PROPERTIES as QUANTITY_PROPERTIES
from taskspace.sources.documents.quantities import RULES_VERSION as QUANTITY_RULES_VERSION
from taskspace.sources.documents.quantities import quantity_properties
from taskspace.sources.documents.sentences import split_sentences

Row = dict[str, Any]


_REFERENCE_KINDS = {
    "table": ElementKind.TABLE,
    "figure": ElementKind.FIGURE,
    "section": ElementKind.SECTION,
}


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
    """One document ready to write: its parsed elements and chunks, its entity rows.

    The rows of elements, chunks and structure edges are built part by part when
    :meth:`parts` is iterated, never all at once: they weigh more than the parsed document
    itself (about 8 MB per MB of Markdown), so a large file's memory stays the parsed
    document plus one part.
    """

    doc_id: str
    path: str
    """Where the file was read (the ``path`` and ``file`` properties)."""
    key: str
    """What identifies the document (:func:`~taskspace.sources.documents.node_ids.document_key`):
    every id below is made from it, never from ``path``."""
    document: Row
    elements: list[DocElement]
    """The parsed elements in reading order."""
    chunks: list[Chunk]
    chunk_texts: list[str]
    entities: list[Row]
    source: str = ""
    """The id of the :Source every row names."""
    chunk_ids: list[str] = field(default_factory=list)

    def release(self) -> None:
        """Drop the parsed elements and chunks once every part is written: what is left
        (chunk ids, chunk texts for the model, entities) is a fraction of a large file."""
        self.elements = []
        self.chunks = []

    def parts(self, max_elements: int) -> Iterator[Row]:
        """The document's rows in transactions of at most ``max_elements`` elements (and chunks).

        The first part is a ``documents/merge_document`` row (the document, and the ids of
        everything it now has, so that what an edited file lost is removed); the others are
        ``documents/merge_document_part`` rows. An edge goes with the part of its later end,
        so both ends exist when it is written. A small document is one part.
        """
        layout = _PartLayout(self.elements, self.chunks, max_elements)
        deferred: dict[int, dict[str, list[Row]]] = defaultdict(lambda: defaultdict(list))
        references = _reference_edges(self.key, self.elements)
        for number in range(layout.count):
            part: Row = {"id": self.doc_id, "elements": [], "chunks": []}
            edges: dict[str, list[Row]] = deferred.pop(number, defaultdict(list))
            for index in layout.element_indexes(number):
                element = self.elements[index]
                part["elements"].append(_element_row(self, element))
                for key, row, ends in self._edges_of(index, references):
                    later = max(layout.element_part(end) for end in ends)
                    (edges if later == number else deferred[later])[key].append(row)
            for index in layout.chunk_indexes(number):
                chunk = self.chunks[index]
                part["chunks"].append(_chunk_row(self, chunk))
                if index:
                    later = max(layout.chunk_parts[index - 1], number)
                    row = {"start": self.chunk_ids[index - 1], "end": self.chunk_ids[index]}
                    (edges if later == number else deferred[later])["next_chunk"].append(row)
            part.update({key: edges.get(key, []) for key in STRUCTURE_EDGES})
            if number == 0:
                part.update(
                    self.document,
                    element_ids=[element_id(self.key, e.position) for e in self.elements],
                    chunk_ids=self.chunk_ids,
                )
            yield part

    def part_count(self, max_elements: int) -> int:
        return _PartLayout(self.elements, self.chunks, max_elements).count

    def _edges_of(
        self, index: int, references: dict[int, list[tuple[Row, int]]]
    ) -> Iterator[tuple[str, Row, tuple[int, ...]]]:
        """Edges whose reading-order end is element ``index``: (payload key, row, ends)."""
        element = self.elements[index]
        own = element_id(self.key, element.position)
        if element.parent is not None and element.parent in self._positions:
            parent = self._positions[element.parent]
            start = element_id(self.key, element.parent)
            yield "contains", {"start": start, "end": own}, (parent, index)
        elif element.kind is ElementKind.SECTION:
            yield "has_section", {"end": own}, (index,)
        else:
            yield "doc_contains", {"end": own}, (index,)
        if index:
            before = element_id(self.key, self.elements[index - 1].position)
            yield "next", {"start": before, "end": own}, (index - 1, index)
        for row, target in references.get(index, []):
            yield "refers_to", row, (index, target)

    @cached_property
    def section_titles(self) -> Counter[str]:
        """How many sections of the document carry each heading: a task that names a
        section by a heading two sections share would be ambiguous."""
        return Counter(
            " ".join(e.text.split()) for e in self.elements if e.kind is ElementKind.SECTION
        )

    @cached_property
    def _positions(self) -> dict[int, int]:
        """Element position -> index in reading order."""
        return {element.position: index for index, element in enumerate(self.elements)}

    def edge_ends(self) -> tuple[Row, list[Row]]:
        """Where each structure edge of the document now ends, for pruning what an earlier
        load of an edited file left: the document's row ``{id, has_section,
        doc_contains}`` and one row ``{id, contains, next, refers_to}`` per element (an
        element without edges too, so that its old ones go)."""
        document: Row = {"id": self.doc_id, "has_section": [], "doc_contains": []}
        elements: dict[str, Row] = {
            element_id(self.key, element.position): {
                "id": element_id(self.key, element.position),
                "contains": [],
                "next": [],
                "refers_to": [],
            }
            for element in self.elements
        }
        references = _reference_edges(self.key, self.elements)
        for index in range(len(self.elements)):
            for key, row, _ in self._edges_of(index, references):
                if key in document:
                    document[key].append(row["end"])
                else:
                    elements[row["start"]][key].append(row["end"])
        return document, list(elements.values())

    @cached_property
    def mentions_stamp(self) -> str:
        """A digest of every mention the document's entities hold: written on each MENTIONS
        edge, so that the edges an earlier load wrote and this one did not can be told."""
        mentions = sorted(
            json.dumps([row["key"], sorted(row["forms"]), row["elements"], row["chunks"]])
            for row in self.entities
        )
        return hashlib.sha1("\n".join(mentions).encode()).hexdigest()[:20]

    def structure(self) -> dict[str, list[Row]]:
        """Every structure edge of the document, by payload key (all parts together)."""
        return _merged(self.parts(max(1, len(self.elements), len(self.chunks))))

    def counts(self) -> tuple[Counter[str], Counter[str]]:
        """Nodes per label and edges per type that these rows write."""
        nodes: Counter[str] = Counter({"Document": 1})
        edges: Counter[str] = Counter()
        for part in self.parts(max(1, len(self.elements), len(self.chunks))):
            add_part_counts(part, nodes, edges)
        edges["MENTIONS"] = entity_mentions(self.entities)
        return nodes, edges


class _PartLayout:
    """Which part each element and chunk goes in: elements by reading order, a chunk no
    earlier than the elements it covers."""

    def __init__(self, elements: list[DocElement], chunks: list[Chunk], size: int) -> None:
        self.size = max(1, size)
        self.elements = len(elements)
        index = {element.position: i for i, element in enumerate(elements)}
        self.chunk_parts = [
            max(
                [chunk.index // self.size] + [index.get(p, 0) // self.size for p in chunk.positions]
            )
            for chunk in chunks
        ]
        self.count = max([0, (self.elements - 1) // self.size, *self.chunk_parts]) + 1
        self._chunks_by_part: dict[int, list[int]] = defaultdict(list)
        for chunk_index, part in enumerate(self.chunk_parts):
            self._chunks_by_part[part].append(chunk_index)

    def element_part(self, index: int) -> int:
        return index // self.size

    def element_indexes(self, part: int) -> range:
        return range(part * self.size, min(self.elements, (part + 1) * self.size))

    def chunk_indexes(self, part: int) -> list[int]:
        return self._chunks_by_part.get(part, [])


def add_part_counts(part: Row, nodes: Counter[str], edges: Counter[str]) -> None:
    """Add what one part writes to ``nodes`` (per label) and ``edges`` (per type)."""
    nodes["Chunk"] += len(part["chunks"])
    nodes.update(row["label"] for row in part["elements"])
    for key, rel_type in STRUCTURE_EDGES.items():
        edges[rel_type] += len(part[key])
    edges["FROM_DOCUMENT"] += len(part["chunks"])
    edges["HAS_ELEMENT"] += sum(len(row["elements"]) for row in part["chunks"])


def entity_mentions(entities: list[Row]) -> int:
    """MENTIONS edges the entity rows write."""
    return sum(len(row["elements"]) + len(row["chunks"]) for row in entities)


def _merged(parts: Iterator[Row]) -> dict[str, list[Row]]:
    merged: dict[str, list[Row]] = {key: [] for key in STRUCTURE_EDGES}
    for part in parts:
        for key in STRUCTURE_EDGES:
            merged[key].extend(part[key])
    return merged


def document_rows(
    document: ParsedDocument, source: str, chunk_chars: int, key: str
) -> DocumentRows:
    """The rows of ``document``, identified by ``key`` (its path inside the corpus)."""
    path = document.path
    doc_id = document_id(key)
    elements = sorted(document.elements, key=lambda element: element.position)
    chunks = chunk_document(document, chunk_chars)
    return DocumentRows(
        doc_id=doc_id,
        path=path,
        key=key,
        document=_document_row(document, doc_id, source, key),
        elements=elements,
        chunks=chunks,
        chunk_texts=[chunk.text for chunk in chunks],
        chunk_ids=[chunk_id(key, chunk.index) for chunk in chunks],
        entities=entity_rows(document, elements, chunks, source, key),
        source=source,
    )


def _document_row(document: ParsedDocument, doc_id: str, source: str, key: str) -> Row:
    path = PurePosixPath(document.path)
    related = sorted({related_key(entry) for entry in document.related} - {"", path.stem.lower()})
    return {
        "id": doc_id,
        "props": {
            "path": document.path,
            "key": key,
            "name": path.stem,
            "title": document.title,
            "authors": list(document.authors),
            "format": document.format,
            "pages": document.pages,
            "metadata_json": json.dumps(document.metadata, sort_keys=True, default=str),
            "related": related,
            "text_sample": document_sample(document),
            "quantities_version": QUANTITY_RULES_VERSION,
            "source": source,
        },
    }


SENTENCE_KINDS = frozenset({ElementKind.PARAGRAPH, ElementKind.LIST_ITEM})
"""Elements whose sentences are stored (``sentences``): what summaries and claims quote."""


def _element_row(rows: DocumentRows, element: DocElement) -> Row:
    """An element's node row. A section's ``title`` is its own heading (its ``text``); the
    document's title is ``document_title`` on every element."""
    is_section = element.kind is ElementKind.SECTION
    titles = rows.section_titles
    enclosing = " ".join(element.heading_path[-1].split()) if element.heading_path else None
    return {
        "id": element_id(rows.key, element.position),
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
            "file": rows.path,
            "title": element.text if is_section else None,
            "document_title": rows.document["props"]["title"],
            "unique_title": titles[" ".join(element.text.split())] == 1 if is_section else None,
            "section_unique": enclosing is None or titles[enclosing] <= 1,
            "sentences": split_sentences(element.text) if element.kind in SENTENCE_KINDS else None,
            **(
                quantity_properties(element.text)
                if element.kind is ElementKind.PARAGRAPH
                else dict.fromkeys(QUANTITY_PROPERTIES)
            ),
            "source": rows.source,
        },
    }


def _reference_edges(key: str, elements: list[DocElement]) -> dict[int, list[tuple[Row, int]]]:
    """A mention such as "Table 2" points at the table numbered 2 of the same document.

    By the index of the mentioning element: (edge row, index of the target).
    """
    targets: dict[tuple[ElementKind, str], int] = {}
    for index, element in enumerate(elements):
        if element.number:
            targets.setdefault((element.kind, _number(element.number)), index)
    edges: dict[int, list[tuple[Row, int]]] = defaultdict(list)
    for index, element in enumerate(elements):
        seen: set[int] = set()
        for reference in element.references:
            target = targets.get((_REFERENCE_KINDS[reference.kind], _number(reference.number)))
            if target is None or target == index or target in seen:
                continue
            seen.add(target)
            row = {
                "start": element_id(key, element.position),
                "end": element_id(key, elements[target].position),
            }
            edges[index].append((row, target))
    return edges


def _number(value: str) -> str:
    return value.strip().rstrip(".").lower()


def _chunk_row(rows: DocumentRows, chunk: Chunk) -> Row:
    return {
        "id": rows.chunk_ids[chunk.index],
        "elements": [element_id(rows.key, position) for position in chunk.positions],
        "props": {
            "text": rows.chunk_texts[chunk.index],
            "index": chunk.index,
            "heading_path": chunk.heading_path,
            "heading_paths": [PATH_JOINER.join(path) for path in chunk.heading_paths],
            "page": chunk.page,
            "file": rows.path,
            "source": rows.source,
        },
    }
