"""How every ``kg load`` ends: one status, one last line, one exit code.

A user scripting loads needs to tell three cases apart without reading tables:
everything loaded (exit 0), part of it loaded (exit 0, the last line starts with
"Partly loaded" and ``--json`` says ``"status": "partial"``), nothing loaded (exit 1).
With ``--strict`` a partial load exits 3 instead, so a pipeline can fail on any skipped
record or input. Every skipped record is written, one JSON object a line, to
``TASKSPACE_HOME/logs/load-<time>-bad-records.jsonl``, and the last line names that file.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal, TypeVar

import click
from rich.markup import escape
from rich.text import Text

from taskspace.cli.output import console, print_error
from taskspace.core.settings import load_settings
from taskspace.graph.load_report import BadRecord, LoadReport

STRICT_EXIT = 3
"""The exit code of a partial load under ``--strict`` (1 stays "nothing loaded")."""
SHOWN_RECORDS = 20
"""Bad records printed in the terminal; the file named on the last line has them all."""

Status = Literal["complete", "partial", "failed"]


@dataclass(frozen=True)
class LoadOutcome:
    """What a load did with its inputs, in the words of its own kind (files, episodes …)."""

    unit: str
    """What one input is called in messages: "files", "pages", "episodes"."""
    inputs: int
    """Inputs that were given or found (files, pages, episodes)."""
    loaded: int
    """Inputs from which something reached the graph."""
    skipped_records: int = 0
    """Records reported and skipped inside inputs that otherwise loaded."""
    records_file: Path | None = None
    """The file listing every skipped record, named on the last line."""
    strict: bool = False
    """``--strict``: a partial load is a failure of the pipeline (exit 3)."""

    @classmethod
    def of(
        cls,
        report: LoadReport,
        unit: str = "files",
        records_file: Path | None = None,
        strict: bool = False,
    ) -> LoadOutcome:
        """The outcome of any loader's report, from the counts every report has."""
        return cls(
            unit, report.inputs, len(report.loaded), report.error_count, records_file, strict
        )

    @property
    def status(self) -> Status:
        if self.loaded == 0:
            return "failed"
        if self.loaded < self.inputs or self.skipped_records:
            return "partial"
        return "complete"

    @property
    def message(self) -> str:
        listed = f"all listed in {self.records_file}" if self.records_file else "see above"
        skipped = (
            f", {self.skipped_records} record(s) skipped ({listed})" if self.skipped_records else ""
        )
        if self.status == "failed":
            if not self.inputs:
                return f"Nothing loaded: no {self.unit} were found in the given paths."
            return f"Nothing loaded: none of the {self.inputs} {self.unit} loaded{skipped}."
        if self.status == "partial":
            return f"Partly loaded: {self.loaded} of {self.inputs} {self.unit}{skipped}."
        return f"Loaded: all {self.inputs} {self.unit}."

    def as_dict(self) -> dict[str, object]:
        found = {"bad_records_file": str(self.records_file)} if self.records_file else {}
        return {"status": self.status, "outcome": self.message, **found}

    @property
    def exit_code(self) -> int:
        if self.status == "failed":
            return 1
        return STRICT_EXIT if self.strict and self.status == "partial" else 0


def finish_load(outcome: LoadOutcome, as_json: bool) -> None:
    """Print the last line (unless JSON carries it) and exit 1 when nothing loaded."""
    if not as_json:
        if outcome.status == "failed":
            print_error(outcome.message)
        elif outcome.status == "partial":
            console.print(Text.assemble(("Partly loaded", "bold yellow"), outcome.message[13:]))
        else:
            console.print(Text(outcome.message, style="green"))
    if outcome.exit_code:
        raise SystemExit(outcome.exit_code)


F = TypeVar("F", bound=Callable[..., object])


def strict_option(command: F) -> F:
    """``--strict`` for every ``kg load``: any skipped record or input exits 3."""
    return click.option(
        "--strict",
        is_flag=True,
        help=f"Exit {STRICT_EXIT} when anything was skipped (a partial load exits 0 without it).",
    )(command)


def write_bad_records(records: Sequence[BadRecord], key: str = "line") -> Path | None:
    """Write every skipped record (file, line or record, reason) as JSON lines under
    ``TASKSPACE_HOME/logs``; None when there is none (or the home cannot be written). The
    name carries the time, so each load keeps its own list."""
    if not records:
        return None
    logs = load_settings().home.expanduser().resolve() / "logs"
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S.%fZ")
    path = logs / f"load-{stamp}-bad-records.jsonl"
    try:
        logs.mkdir(parents=True, exist_ok=True)
        with path.open("w", encoding="utf-8") as out:
            for record in records:
                out.write(json.dumps(record.as_dict(key), ensure_ascii=False) + "\n")
    except OSError:  # a read-only home: the records are still printed and in --json
        return None
    return path


def print_bad_records(records: Sequence[BadRecord], path: Path | None) -> None:
    """The first bad records, one unwrapped ``file:line: reason`` line each, for grep; all
    of them when there is no file to hold the rest."""
    if not records:
        return
    shown = records[:SHOWN_RECORDS] if path is not None else records
    more = f" (first {len(shown)} of {len(records)})" if len(shown) < len(records) else ""
    console.print(f"Skipped records{more}:", style="bold")
    for record in shown:
        console.print(f"  {escape(record.located())}", soft_wrap=True)
    if more:
        console.print(f"  … every one is in {escape(str(path))}", soft_wrap=True)


def refuse_missing_paths(paths: Sequence[Path]) -> None:
    """Exit 1 with one ``Error:`` line per path when none of the given paths exists: there is
    nothing to load, so no empty tables. A missing path among others is a failed input the
    loader reports like any other."""
    missing = [path for path in paths if not path.exists()]
    if paths and len(missing) == len(paths):
        for path in missing:
            print_error(f"no such file or folder: {path}")
        raise SystemExit(1)
