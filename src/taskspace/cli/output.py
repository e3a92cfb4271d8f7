"""Human tables with rich by default, JSON with ``--json``: one place decides which."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from datetime import date, datetime
from pathlib import Path
from typing import Any, TypeVar

import click
from rich.console import Console
from rich.table import Table

F = TypeVar("F", bound=Callable[..., Any])

console = Console()
error_console = Console(stderr=True)


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
    click.echo(json.dumps(payload, indent=2, default=_default, ensure_ascii=False))


def print_table(title: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
    table = Table(title=title, title_justify="left")
    for column in columns:
        table.add_column(column, overflow="fold")
    for row in rows:
        table.add_row(*(format_cell(cell) for cell in row))
    console.print(table)


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
