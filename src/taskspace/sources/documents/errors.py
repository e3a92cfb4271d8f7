"""The document source's errors: a file that cannot be parsed."""

from __future__ import annotations

from pathlib import Path

from taskspace.core.errors import InputError


class DocumentParseError(InputError, ValueError):
    """A file that cannot be parsed at all: the loader reports it and goes on with the rest."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason
