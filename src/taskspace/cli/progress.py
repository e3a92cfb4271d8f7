"""The one rich progress bar of the CLI, handed to every loader as its :class:`Progress`.

Each run a loader starts is one line: a spinner, what is being done, a bar, the count
(``M/N`` items, or bytes read of the file's size with the speed), the time left when the
total is known, and the time spent. It draws on stderr, so stdout stays clean for
``--json``, and only on a terminal: in a pipe or a log file nothing is drawn.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.console import Console, RenderableType
from rich.markup import escape
from rich.progress import (
    BarColumn,
    DownloadColumn,
    MofNCompleteColumn,
    ProgressColumn,
    SpinnerColumn,
    Task,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
    TransferSpeedColumn,
)
from rich.progress import Progress as RichProgress
from rich.text import Text

from taskspace.core.progress import QUIET, Progress, Unit

DESCRIPTION_CHARS = 90
"""Longer descriptions (a page URL with the reason it failed) are cut to one line."""


class _When(ProgressColumn):
    """A column shown only for the tasks ``shown`` accepts (bytes, a known total)."""

    def __init__(self, column: ProgressColumn, shown: Callable[[Task], bool]) -> None:
        super().__init__()
        self.column, self.shown = column, shown

    def render(self, task: Task) -> RenderableType:
        return self.column.render(task) if self.shown(task) else Text("")


class _Count(ProgressColumn):
    """``M/N`` items, the count alone while the total is unknown, or bytes of the file."""

    def __init__(self) -> None:
        super().__init__()
        self.items, self.bytes = MofNCompleteColumn(), DownloadColumn()

    def render(self, task: Task) -> RenderableType:
        if _in_bytes(task):
            return self.bytes.render(task)
        if not task.total:
            done = int(task.completed)
            return Text(str(done) if done else "", style="progress.download")
        return self.items.render(task)


def _in_bytes(task: Task) -> bool:
    return bool(task.fields.get("unit") == "bytes")


def _columns() -> tuple[ProgressColumn, ...]:
    return (
        SpinnerColumn(finished_text="✓"),
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        _Count(),
        _When(TransferSpeedColumn(), _in_bytes),
        _When(TimeRemainingColumn(), lambda task: task.total is not None and not task.finished),
        TimeElapsedColumn(),
    )


class BarProgress:
    """A loader's progress on a rich bar: each ``start`` adds a line, and ends the one before
    it when its length was not known (a stage of the bulk path, episodes read)."""

    def __init__(self, bar: RichProgress) -> None:
        self.bar = bar
        self.task: TaskID | None = None
        self.label = ""
        self.done = 0
        self.total: int | None = None

    def start(self, label: str, total: int | None, unit: Unit = "items") -> None:
        self._end_open_run()
        self.label, self.total, self.done = label, total, 0
        self.task = self.bar.add_task(_line(label), total=total, unit=unit)

    def advance(self, count: int = 1) -> None:
        self.done += count
        if self.task is None:
            return
        if self.total is None:
            self.bar.update(self.task, completed=self.done)
        else:
            self.bar.update(self.task, completed=min(self.done, self.total))

    def describe(self, text: str) -> None:
        if self.task is not None:
            self.bar.update(self.task, description=_line(text))

    def _end_open_run(self) -> None:
        if self.task is not None and self.total is None:
            self.bar.update(self.task, total=self.done, completed=self.done)


def _line(text: str) -> str:
    if len(text) > DESCRIPTION_CHARS:
        text = text[: DESCRIPTION_CHARS - 1] + "…"
    return escape(text)


@contextmanager
def progress_bar(enabled: bool = True, console: Console | None = None) -> Iterator[Progress]:
    """The bar on stderr while the block runs (gone when it ends), or :data:`QUIET` when
    not ``enabled`` (``--json``) or when stderr is not a terminal."""
    console = console or Console(stderr=True)
    if not enabled or not console.is_terminal:
        yield QUIET
        return
    with RichProgress(*_columns(), console=console, transient=True) as bar:
        yield BarProgress(bar)
