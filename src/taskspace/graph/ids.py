"""Deterministic node ids: the same input always yields the same id."""

from __future__ import annotations

import hashlib
from pathlib import Path


def stable_id(prefix: str, *parts: object) -> str:
    """``prefix:`` plus a short hash of the parts; equal parts give equal ids."""
    digest = hashlib.sha1("\x1f".join(str(part) for part in parts).encode("utf-8"))
    return f"{prefix}:{digest.hexdigest()[:20]}"


def file_checksum(path: Path) -> str:
    """sha256 of a file's bytes, read in blocks so that large dumps stay out of memory."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
