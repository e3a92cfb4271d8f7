"""How a long load tells its progress without knowing how it is shown.

Loaders take a :class:`Progress` and call it; the CLI passes a rich progress bar on stderr
(``taskspace.cli.progress``), a library caller or a test passes nothing and gets
:data:`QUIET`. So rich stays in ``cli/`` and a loader runs the same without a terminal.
"""

from __future__ import annotations

from typing import Protocol


class Progress(Protocol):
    """What a loader reports: what it is working on, and how many items are done."""

    def start(self, label: str, total: int | None) -> None:
        """A run of ``total`` items (None: not known in advance) begins."""
        ...

    def advance(self, count: int = 1) -> None:
        """``count`` more items are done."""
        ...

    def describe(self, text: str) -> None:
        """What is being done now (the file being read, the part being written)."""
        ...


class Quiet:
    """Progress that shows nothing: the default of every loader."""

    def start(self, label: str, total: int | None) -> None:
        return None

    def advance(self, count: int = 1) -> None:
        return None

    def describe(self, text: str) -> None:
        return None


QUIET: Progress = Quiet()
