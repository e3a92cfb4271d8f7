"""How every ``kg load`` ends: one status, one last line, one exit code.

A user scripting loads needs to tell three cases apart without reading tables:
everything loaded (exit 0), part of it loaded (exit 0, the last line starts with
"Partly loaded" and ``--json`` says ``"status": "partial"``), nothing loaded (exit 1).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from rich.text import Text

from taskspace.cli.output import console, print_error
from taskspace.graph.load_report import LoadReport

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

    @classmethod
    def of(cls, report: LoadReport, unit: str = "files") -> LoadOutcome:
        """The outcome of any loader's report, from the counts every report has."""
        return cls(unit, report.inputs, len(report.loaded), report.error_count)

    @property
    def status(self) -> Status:
        if self.loaded == 0:
            return "failed"
        if self.loaded < self.inputs or self.skipped_records:
            return "partial"
        return "complete"

    @property
    def message(self) -> str:
        skipped = (
            f", {self.skipped_records} record(s) skipped (see above)"
            if self.skipped_records
            else ""
        )
        if self.status == "failed":
            if not self.inputs:
                return f"Nothing loaded: no {self.unit} were found in the given paths."
            return f"Nothing loaded: none of the {self.inputs} {self.unit} loaded{skipped}."
        if self.status == "partial":
            return f"Partly loaded: {self.loaded} of {self.inputs} {self.unit}{skipped}."
        return f"Loaded: all {self.inputs} {self.unit}."

    def as_dict(self) -> dict[str, object]:
        return {"status": self.status, "outcome": self.message}

    @property
    def exit_code(self) -> int:
        return 1 if self.status == "failed" else 0


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


def refuse_missing_paths(paths: Sequence[Path]) -> None:
    """Exit 1 with one ``Error:`` line per path when none of the given paths exists: there is
    nothing to load, so no empty tables. A missing path among others is a failed input the
    loader reports like any other."""
    missing = [path for path in paths if not path.exists()]
    if paths and len(missing) == len(paths):
        for path in missing:
            print_error(f"no such file or folder: {path}")
        raise SystemExit(1)
