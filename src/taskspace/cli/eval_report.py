"""``kg eval report RUN... -o report.html``: tables and plots of evaluation runs.

The command is exposed as ``report``; ``kg eval`` (cli/eval.py) adds it to its group.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from taskspace.cli.context import connected_graph
from taskspace.cli.output import json_option, print_json, print_line, print_table

if TYPE_CHECKING:
    from taskspace.reports.paths import PathReport

DEFAULT_OUT = Path("report.html")


@click.command("report")
@click.argument("run_ids", nargs=-1, metavar="RUN...")
@click.option("--latest", is_flag=True, help="Add the newest run in the graph.")
@click.option(
    "-o",
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help=f"HTML file to write (default: {DEFAULT_OUT}; with --json only when given).",
)
@json_option
def report(run_ids: tuple[str, ...], latest: bool, out: Path | None, as_json: bool) -> None:
    """One HTML page of success and failure tables and plots for evaluation runs."""
    from taskspace.reports.data import read_report, resolve_runs
    from taskspace.reports.html import write_report

    if not run_ids and not latest:
        raise click.UsageError("name at least one run, or pass --latest.")
    with connected_graph() as graph:
        chosen = resolve_runs(graph, run_ids, latest)
        data = read_report(graph, chosen)
    path = out if out is not None or as_json else DEFAULT_OUT
    if path is not None:
        write_report(data, path)
    if as_json:
        print_json({**data.as_dict(), "out": str(path) if path else None})
        return
    print_table(
        f"{len(data.runs)} runs → {path}",
        ["run", "column", "tasks", "attempts", "success rate", "failed"],
        [
            (run.id, run.system, run.tasks, run.attempts, f"{run.success_rate:.0%}", failed)
            for run in data.runs
            for failed in [run.attempts - run.successes]
        ],
        whole=["run"],
    )
    for paths in data.paths:
        _print_paths(paths)
    tables = ", ".join(dict.fromkeys(table.title for table in data.breakdowns))
    print_line(f"tables: {tables}" + (", pass@k" if data.pass_at_k else ""))


def _print_paths(paths: PathReport) -> None:
    """The causal-path figures in the terminal too: per level and system, then the failed
    attempts per error class."""
    k = paths.k
    rows = [
        (
            level,
            system,
            cell.attempts,
            f"{cell.sr:.0%}",
            "n/a" if cell.sr_at_k is None else f"{cell.sr_at_k:.0%}",
            f"{cell.wpsr:.0%}",
            f"{cell.matcr:.0%}",
            f"{cell.patsr:.0%}",
        )
        for level, cells in paths.by_level.items()
        for system, cell in cells.items()
    ]
    columns = ["level", "system", "attempts", "SR", f"SR pass@{k}", "WPSR", "MATCR", "p-ATSR"]
    title = "Causal paths (NaturalGAIA)" + (f": {paths.group}" if paths.group else "")
    print_table(title, columns, rows)
    classes = sorted({name for counts in paths.error_classes.values() for name in counts})
    if any(sum(counts.values()) for counts in paths.error_classes.values()):
        print_table(
            "Failed causal paths by error class",
            ["system", *classes],
            [
                (system, *(counts.get(name, 0) for name in classes))
                for system, counts in paths.error_classes.items()
            ],
        )
