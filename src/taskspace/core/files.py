"""Every file under the paths a user gave, and why one of them is not of the format read.

Loaders of folders (documents, GUI episodes) walk them the same way and name a file they do
not read the same way, so that no file given is passed over without a word.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

__all__ = ["iter_files", "not_a_format"]


def iter_files(paths: Iterable[Path]) -> Iterator[Path]:
    """Every file given or found: folders are walked in sorted order (hidden files and
    folders left out), files of every format kept, so that the caller can report each one
    it does not read instead of skipping it without a word. Each file comes once.
    """
    seen: set[Path] = set()
    for given in paths:
        path = Path(given)
        found: Iterable[Path]
        if path.is_dir():
            found = (
                child
                for child in sorted(path.rglob("*"))
                if child.is_file()
                and not any(part.startswith(".") for part in child.relative_to(path).parts)
            )
        else:
            found = iter([path])
        for file in found:
            key = file.resolve()
            if key not in seen:
                seen.add(key)
                yield file


def not_a_format(path: Path, what: str, supported: Iterable[str]) -> str:
    """Why a file is not read, naming its suffix and what is: ``not a document format:
    '.csv' (supported: .pdf, …)``."""
    return f"not {what} format: '{path.suffix or '(none)'}' (supported: {', '.join(supported)})"
