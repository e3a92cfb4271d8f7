"""The one rich progress bar of the CLI, handed to every loader as its :class:`Progress`.

Each run a loader starts is one line: a spinner, what is being done, a bar, the count
(``M/N`` items, or bytes read of the file's size with the speed), the time left when the
total is known, and the time spent. It draws on stderr, so stdout stays clean for
``--json``, and only on a terminal. In a pipe or a log file (CI, ``2> load.log``) a bar
cannot be redrawn, so :class:`LineProgress` prints plain lines instead: one when a run
starts, one every :data:`LINE_SECONDS` while it goes on (also while the loader is inside one
long step, such as finding the entities of a 5 MB file), and one when it ends.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import IO

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

from taskspace.cli.output import human_bytes
from taskspace.core.progress import QUIET, Progress, Unit

DESCRIPTION_CHARS = 90
"""Longer descriptions (a page URL with the reason it failed) are cut to one line."""


def _line_seconds(default: float = 5.0) -> float:
    """``TASKSPACE_PROGRESS_SECONDS``, or ``default`` when it is unset or not a number."""
    try:
        return max(0.0, float(os.environ.get("TASKSPACE_PROGRESS_SECONDS", default)))
    except ValueError:
        return default


LINE_SECONDS = _line_seconds()
"""Seconds between two progress lines in a pipe (``TASKSPACE_PROGRESS_SECONDS``, 5)."""


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


class LineProgress:
    """A loader's progress as plain lines on a stream that is not a terminal, such as
    ``documents: 120/1009 (12%), 35 s — report.pdf``: at the start and the end of each run,
    and every ``seconds`` in between, so a long load in CI or a log is never silent.

    A loader reports between its steps, and one step can take minutes (the entities of a
    large file), so a thread prints the line that is due even when nothing was reported;
    :meth:`close` stops it.
    """

    def __init__(self, stream: IO[str] | None = None, seconds: float = LINE_SECONDS) -> None:
        self.stream, self.seconds = stream, seconds
        self.label = ""
        self.total: int | None = None
        self.unit: Unit = "items"
        self.done = 0
        self.text = ""
        self.started = self.printed = 0.0
        self.running = False
        self._lock = threading.Lock()
        self._closed = threading.Event()
        self._ticker: threading.Thread | None = None

    def start(self, label: str, total: int | None, unit: Unit = "items") -> None:
        self.end()
        with self._lock:
            self.label, self.total, self.unit, self.done, self.text = label, total, unit, 0, ""
            self.started = time.monotonic()
            self.running = True
            self._print()
        self._tick_in_background()

    def advance(self, count: int = 1) -> None:
        self.done += count
        self._print_when_due()

    def describe(self, text: str) -> None:
        self.text = text
        self._print_when_due()

    def end(self) -> None:
        """The last line of the run under way, if any."""
        with self._lock:
            if self.running:
                self.text = ""
                self._print()
                self.running = False

    def close(self) -> None:
        """End the run under way and stop the thread that prints due lines."""
        self.end()
        self._closed.set()
        if self._ticker is not None:
            self._ticker.join()

    def _tick_in_background(self) -> None:
        if self.seconds > 0 and self._ticker is None and not self._closed.is_set():
            self._ticker = threading.Thread(target=self._tick, name="progress-lines", daemon=True)
            self._ticker.start()

    def _tick(self) -> None:
        while not self._closed.wait(min(1.0, self.seconds)):
            self._print_when_due()

    def _print_when_due(self) -> None:
        with self._lock:
            if self.running and time.monotonic() - self.printed >= self.seconds:
                self._print()

    def _print(self) -> None:
        self.printed = time.monotonic()
        line = f"{self.label}: {self._count()}, {self.printed - self.started:.0f} s"
        if self.text:
            line += f" — {self.text}"
        print(line, file=self.stream or sys.stderr, flush=True)

    def _count(self) -> str:
        show = human_bytes if self.unit == "bytes" else str
        if not self.total:
            return show(self.done)
        done = min(self.done, self.total)
        return f"{show(done)}/{show(self.total)} ({100 * done // self.total}%)"


@contextmanager
def progress_bar(enabled: bool = True, console: Console | None = None) -> Iterator[Progress]:
    """The bar on stderr while the block runs (gone when it ends); plain lines at intervals
    when stderr is not a terminal; :data:`QUIET` when not ``enabled`` (``--json``)."""
    console = console or Console(stderr=True)
    if not enabled:
        yield QUIET
        return
    if not console.is_terminal:
        lines = LineProgress(console.file)
        try:
            yield lines
        finally:
            lines.close()
        return
    with RichProgress(*_columns(), console=console, transient=True) as bar:
        yield BarProgress(bar)
