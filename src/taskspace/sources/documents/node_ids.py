"""Stable ids of a document's nodes: from the file's path and a position, never load order."""

from __future__ import annotations

from taskspace.graph.ids import stable_id


def document_id(path: str) -> str:
    return stable_id("doc", path)


def element_id(path: str, position: int) -> str:
    return stable_id("el", path, position)


def chunk_id(path: str, index: int) -> str:
    return stable_id("chunk", path, index)


def entity_id(key: str, document: str | None = None) -> str:
    """A shared entity's id is its key's; one kept to its document (a bare surname) adds
    the document's path."""
    return stable_id("entity", key) if document is None else stable_id("entity", key, document)
