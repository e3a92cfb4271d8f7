"""Writing case inputs into the probe's temporary folder (never into the repository)."""

from __future__ import annotations

from pathlib import Path


class Workdir:
    """One folder per class under the run's temporary folder; names are the cases'."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def folder(self, klass: str, name: str = "") -> Path:
        path = self.root / klass / name if name else self.root / klass
        path.mkdir(parents=True, exist_ok=True)
        return path

    def write(self, klass: str, name: str, data: bytes | str) -> Path:
        path = self.folder(klass) / name  # a name such as "[/x].md" makes a folder "["
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
        return path


def line_count(text: str) -> int:
    """Lines a text occupies when it starts a line (a missing final newline still counts)."""
    return text.count("\n") + (0 if text.endswith("\n") or not text else 1)
