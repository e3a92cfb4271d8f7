"""The rich progress bar the CLI hands to loaders as their :class:`Progress`."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    SpinnerColumn,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)
from rich.progress import Progress as RichProgress

from taskspace.core.progress import QUIET, Progress


class BarProgress:
    """A loader's progress as one rich task: a bar when the total is known, else a count."""

    def __init__(self, bar: RichProgress) -> None:
        self.bar = bar
        self.task: TaskID | None = None
        self.label = ""
        self.done = 0
        self.total: int | None = None

    def start(self, label: str, total: int | None) -> None:
        self.label, self.total, self.done = label, total, 0
        self.task = self.bar.add_task(escape(label), total=total)

    def advance(self, count: int = 1) -> None:
        self.done += count
        if self.task is None:
            return
        if self.total is None:
            self.bar.update(self.task, description=escape(f"{self.label}: {self.done}"))
        else:
            self.bar.update(self.task, completed=min(self.done, self.total))

    def describe(self, text: str) -> None:
        if self.task is not None:
            self.bar.update(self.task, description=escape(text))


@contextmanager
def progress_bar(enabled: bool) -> Iterator[Progress]:
    """A rich progress bar on stderr (stdout stays clean for ``--json``), or nothing."""
    if not enabled:
        yield QUIET
        return
    columns = (
        SpinnerColumn(),
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    )
    with RichProgress(*columns, console=Console(stderr=True), transient=True) as bar:
        yield BarProgress(bar)
