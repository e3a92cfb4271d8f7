"""The probe's report: a table per class, the cases that were not clean and why, a total."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from bench.bad_inputs.model import Outcome


def by_class(outcomes: list[Outcome]) -> dict[str, list[Outcome]]:
    grouped: dict[str, list[Outcome]] = defaultdict(list)
    for outcome in outcomes:
        grouped[outcome.case.klass].append(outcome)
    return dict(grouped)


def print_report(outcomes: list[Outcome], console: Console) -> None:
    table = Table(title="Bad inputs handled cleanly, per class")
    for column in ("class", "cases", "clean", "not clean", "seconds"):
        table.add_column(column, justify="left" if column == "class" else "right")
    for klass, group in by_class(outcomes).items():
        clean = sum(o.clean for o in group)
        table.add_row(
            klass,
            str(len(group)),
            str(clean),
            str(len(group) - clean),
            f"{sum(o.seconds for o in group):.0f}",
        )
    console.print(table)
    failed = [o for o in outcomes if not o.clean]
    if failed:
        listing = Table(title="Not handled cleanly", show_lines=True)
        for column in ("class", "case", "why"):
            listing.add_column(column, overflow="fold")
        for outcome in failed:
            listing.add_row(
                outcome.case.klass, Text(outcome.case.name), Text("\n".join(outcome.reasons))
            )
        console.print(listing)
    clean = len(outcomes) - len(failed)
    console.print(Text(f"{clean} of {len(outcomes)} handled cleanly", style="bold"))


def as_json(outcomes: list[Outcome], meta: dict[str, Any]) -> dict[str, Any]:
    classes = {
        klass: {"cases": len(group), "clean": sum(o.clean for o in group)}
        for klass, group in by_class(outcomes).items()
    }
    return {
        **meta,
        "cases": len(outcomes),
        "clean": sum(o.clean for o in outcomes),
        "classes": classes,
        "not_clean": [
            {"class": o.case.klass, "case": o.case.name, "args": o.case.args, "reasons": o.reasons}
            for o in outcomes
            if not o.clean
        ],
    }
