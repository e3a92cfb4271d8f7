"""Human tables with rich by default, JSON with ``--json``: one place decides which.

Every value that comes from data (labels, titles, file names, URLs, task text) is shown as
plain text: rich reads ``[...]`` as markup, so a label such as ``Film [/i] title`` would
otherwise raise a MarkupError or silently lose its brackets. Tables wrap cells in
:class:`rich.text.Text`; messages that mix data into a line use :func:`plain` or
:func:`escape`.

On a terminal, tables fit its width, prose wrapping before ids and paths. In a pipe (CI,
a log file, ``| cat``, ``| grep``) nothing is wrapped: a line is as long as what it holds,
so a path, an id or a URL stays whole on one line where a script or a reader can find it.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping, Sequence
from datetime import date, datetime
from pathlib import Path
from typing import Any, TypeVar

import click
from rich.cells import cell_len
from rich.console import Console, ConsoleDimensions
from rich.markup import escape as _rich_escape
from rich.table import Table
from rich.text import Text

F = TypeVar("F", bound=Callable[..., Any])

PIPE_WIDTH = 100_000
"""The width of a line in a pipe: wide enough that no path, id or table is ever wrapped."""


class FullWidthConsole(Console):
    """A rich console that, when its stream is not a terminal, never wraps a line.

    rich otherwise wraps at 80 characters (or at the width of whichever standard stream is a
    terminal), cutting ``…/doc-seed0.jsonl`` into ``…/doc-se`` and ``ed0.jsonl``. A width
    given here is kept; one rich takes from an exported ``COLUMNS`` is not, since that
    variable describes a terminal, not the pipe (CI runners and test workers export it).
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._width_given = kwargs.get("width") is not None
        super().__init__(*args, **kwargs)

    @property
    def size(self) -> ConsoleDimensions:
        size = super().size
        if self.is_terminal or self._width_given:
            return size
        return ConsoleDimensions(PIPE_WIDTH, size.height)

    @size.setter
    def size(self, new_size: tuple[int, int]) -> None:
        self._width, self._height = new_size
        self._width_given = True


console = FullWidthConsole()
error_console = FullWidthConsole(stderr=True)


def json_option(function: F) -> F:
    """Adds ``--json`` to a command."""
    return click.option("--json", "as_json", is_flag=True, help="Print JSON for machines.")(
        function
    )


def _default(value: Any) -> Any:
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, Path):
        return str(value)
    iso = getattr(value, "iso_format", None)
    if callable(iso):
        return iso()
    return str(value)


def print_json(payload: Any) -> None:
    """Strict JSON: NaN and infinities (Cypher can return them) become strings, not bare
    ``NaN`` tokens that JSON parsers other than Python's reject."""
    click.echo(json.dumps(_finite(payload), indent=2, default=_default, ensure_ascii=False))


def _finite(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if isinstance(value, dict):
        return {key: _finite(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_finite(item) for item in value]
    return value


def escape(value: Any) -> str:
    """``value`` as text that rich markup shows literally (for f-strings printed by rich)."""
    return _rich_escape(format_cell(value))


def plain(*parts: Any, style: str = "") -> Text:
    """One line of text assembled from parts that are never read as markup.

    A part is a value (shown as :func:`format_cell` shows it) or a ``(value, style)`` pair.
    """
    text = Text(style=style)
    for part in parts:
        if isinstance(part, tuple) and len(part) == 2 and isinstance(part[1], str):
            text.append(format_cell(part[0]), style=part[1])
        else:
            text.append(format_cell(part))
    return text


def print_line(*parts: Any, style: str = "", whole: bool = False) -> None:
    """Print :func:`plain` of ``parts`` on standard output; ``whole``: on one line, never
    wrapped at the console's width (a line that names ids and counts, for scripts)."""
    console.print(plain(*parts, style=style), soft_wrap=whole)


def print_error(message: Any) -> None:
    """``Error: message`` on standard error, shown literally and on one line (not wrapped
    at the terminal's width, so scripts can grep it)."""
    error_console.print(plain(("Error: ", "bold red"), message), soft_wrap=True)


def print_table(
    title: str,
    columns: Sequence[str],
    rows: Sequence[Sequence[Any]],
    whole: Sequence[str] = (),
) -> None:
    """A table. Columns of single words (ids, paths, URLs, numbers) are kept whole while they
    fit; the ``whole`` columns are never wrapped or cut at any width: the table grows past
    the console's width rather than fold them."""
    cells = [[format_cell(cell) for cell in row] for row in rows]
    by_column = [[row[i] for row in cells if i < len(row)] for i in range(len(columns))]
    kept = _kept_whole(by_column, console.width) | {
        index for index, column in enumerate(columns) if column in whole
    }
    # As wide as its title at least: a title naming a path is never wrapped at the width
    # of narrow columns (``12 doc tasks → …/doc-s`` / ``eed0.jsonl``).
    table = Table(
        title=Text(title) if title else None, title_justify="left", min_width=cell_len(title)
    )
    for index, column in enumerate(columns):
        table.add_column(Text(format_cell(column)), overflow="fold", no_wrap=index in kept)
    for row in cells:
        table.add_row(*(Text(cell) for cell in row))
    if not whole:
        console.print(table)
        return
    needed = console.measure(table, options=console.options.update_width(10**5)).maximum
    if needed <= console.width:
        console.print(table)
        return
    # a console exactly as wide as the table needs, on the same stream
    Console(width=needed, soft_wrap=True).print(table)


def _kept_whole(columns: Sequence[Sequence[str]], width: int) -> set[int]:
    """The columns of single words (ids, paths, URLs, numbers) that are never broken: on a
    terminal the columns of prose give way first. They may take up to 3/4 of the width
    together; a longer one folds rather than being cut off."""
    budget = width * 3 // 4
    whole: set[int] = set()
    for index, cells in enumerate(columns):
        longest = max((cell_len(cell) for cell in cells), default=0)
        if longest <= budget and not any(_has_space(cell) for cell in cells):
            whole.add(index)
            budget -= longest
    return whole


def _has_space(text: str) -> bool:
    return any(char.isspace() for char in text)


def print_warnings(warnings: Sequence[tuple[str, str]]) -> None:
    """Inputs not loaded that are no error (a file of another format met in a folder …):
    one table, and a ``Warning: file: reason`` line each on stderr, as every ``kg load``
    that walks folders says them."""
    if not warnings:
        return
    print_table("Files warned about (not loaded)", ["file", "reason"], warnings)
    for file, reason in warnings:
        error_console.print(plain(("Warning: ", "bold yellow"), f"{file}: {reason}"))


def print_mapping(title: str, mapping: Mapping[str, Any]) -> None:
    print_table(title, ["key", "value"], [(key, value) for key, value in mapping.items()])


def format_cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, dict | list):
        return json.dumps(value, default=_default, ensure_ascii=False)
    return str(value)


def human_bytes(size: int) -> str:
    amount = float(size)
    for unit in ("B", "KiB", "MiB", "GiB"):
        if amount < 1024 or unit == "GiB":
            return f"{amount:.0f} {unit}" if unit == "B" else f"{amount:.1f} {unit}"
        amount /= 1024
    return f"{amount:.1f} GiB"
