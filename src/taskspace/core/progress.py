"""How a long load tells its progress without knowing how it is shown.

Every loader (documents, web, Wikidata files and the bulk path, episodes) takes a
:class:`Progress` and calls it; the CLI passes its one rich bar on stderr
(``taskspace.cli.progress``), a library caller or a test passes nothing and gets
:data:`QUIET`. So rich stays in ``cli/`` and a loader runs the same without a terminal.
"""

from __future__ import annotations

from typing import Literal, Protocol

Unit = Literal["items", "bytes"]
"""What ``advance`` counts: items (files, pages, episodes) or bytes of a file read."""


class Progress(Protocol):
    """What a loader reports: what it is working on, and how much of it is done."""

    def start(self, label: str, total: int | None, unit: Unit = "items") -> None:
        """A run of ``total`` items or bytes (None: not known in advance) begins; the run
        before it, if any, is over."""
        ...

    def advance(self, count: int = 1) -> None:
        """``count`` more items are done."""
        ...

    def describe(self, text: str) -> None:
        """What is being done now (the file being read, the part being written)."""
        ...


class Quiet:
    """Progress that shows nothing: the default of every loader."""

    def start(self, label: str, total: int | None, unit: Unit = "items") -> None:
        return None

    def advance(self, count: int = 1) -> None:
        return None

    def describe(self, text: str) -> None:
        return None


QUIET: Progress = Quiet()
