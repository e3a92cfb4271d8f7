"""Stable ids of a document's nodes: from the document's key and a position, never load order.

The key is the file's path inside the corpus (:func:`document_key`), not where the corpus
lies on this machine: the same folder loaded from another checkout, another user's home or
through a symbolic link gets the same ids, so a ``--seed`` samples the same tasks.
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from taskspace.graph.ids import stable_id


def document_key(file: Path, given: Path) -> str:
    """What identifies ``file``: its path relative to the folder ``given`` to the load
    (``/``-separated), or its name when it was given itself."""
    if file == given or not given.is_dir():
        return file.name
    return PurePosixPath(*file.relative_to(given).parts).as_posix()


def document_id(key: str) -> str:
    return stable_id("doc", key)


def element_id(key: str, position: int) -> str:
    return stable_id("el", key, position)


def chunk_id(key: str, index: int) -> str:
    return stable_id("chunk", key, index)


def entity_id(key: str, document: str | None = None) -> str:
    """A shared entity's id is its key's; one kept to its document (a bare surname) adds
    the document's key."""
    return stable_id("entity", key) if document is None else stable_id("entity", key, document)
