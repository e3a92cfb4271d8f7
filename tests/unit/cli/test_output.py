"""The CLI's tables and lines in a pipe (#26): a path or an id is never wrapped or folded,
neither in a cell nor in a table's title nor in a line."""

from __future__ import annotations

import io

import pytest

from taskspace.cli import output
from taskspace.cli.output import FullWidthConsole, print_line, print_table

LONG = "/home/user/.taskspace/tasks/" + "a-long-folder-name/" * 6 + "doc-seed0.jsonl"
RUN_ID = "run-" + "1050aa5f939858bbf96e" * 3


@pytest.fixture()
def piped(monkeypatch: pytest.MonkeyPatch) -> io.StringIO:
    """The module's console writing to a stream that is not a terminal."""
    out = io.StringIO()
    monkeypatch.setattr(output, "console", FullWidthConsole(file=out))
    return out


def test_a_table_in_a_pipe_keeps_paths_and_ids_whole(piped: io.StringIO) -> None:
    print_table(f"12 doc tasks → {LONG}", ["run", "tasks file", "note"], [(RUN_ID, LONG, "ok")])
    lines = piped.getvalue().splitlines()
    assert lines[0].rstrip() == f"12 doc tasks → {LONG}"
    row = [line for line in lines if RUN_ID in line]
    assert len(row) == 1 and LONG in row[0]


def test_a_line_in_a_pipe_is_not_wrapped(piped: io.StringIO) -> None:
    print_line("inspect view: http://127.0.0.1:7575 (logs: ", LONG, ")")
    assert piped.getvalue() == f"inspect view: http://127.0.0.1:7575 (logs: {LONG})\n"


def test_an_exported_columns_does_not_wrap_a_pipe(monkeypatch: pytest.MonkeyPatch) -> None:
    """CI runners and test workers export ``COLUMNS=80``; it describes no pipe."""
    monkeypatch.setenv("COLUMNS", "50")
    out = io.StringIO()
    monkeypatch.setattr(output, "console", FullWidthConsole(file=out))
    print_line("logs: ", LONG)
    assert out.getvalue() == f"logs: {LONG}\n"


def test_a_terminal_still_gets_tables_that_fit_it() -> None:
    out = io.StringIO()
    terminal = FullWidthConsole(file=out, force_terminal=True, width=60)
    assert terminal.width == 60
    terminal.print("x " * 50)
    assert max(len(line) for line in out.getvalue().splitlines()) <= 60


def test_on_a_terminal_prose_gives_way_before_an_id_is_broken(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    out = io.StringIO()
    terminal = FullWidthConsole(file=out, force_terminal=True, width=70, color_system=None)
    monkeypatch.setattr(output, "console", terminal)
    note = "a note long enough to need wrapping at seventy columns, between its words"
    print_table("Runs", ["run", "note"], [(RUN_ID[:40], note)])
    lines = out.getvalue().splitlines()
    assert max(len(line) for line in lines) <= 70
    assert sum(RUN_ID[:40] in line for line in lines) == 1  # the id stays whole on one line
    too_long = "/x" * 60  # wider than the terminal: folded, never cut off
    out.truncate(0)
    out.seek(0)
    print_table("Paths", ["path"], [(too_long,)])
    assert "".join(line.strip("│ ") for line in out.getvalue().splitlines()[4:-1]) == too_long
