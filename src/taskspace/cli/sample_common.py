"""What every ``kg sample`` verb shares: its options, defined once, and its one save path
(JSONL, ``:Task`` nodes, the printed summary)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import click

from taskspace.cli.context import connected_graph
from taskspace.cli.output import (
    console,
    error_console,
    json_option,
    plain,
    print_json,
    print_line,
    print_table,
)
from taskspace.generators.errors import SamplingError
from taskspace.tasks.family import DEFAULT_COUNT, SampleOptions, SampleReport
from taskspace.tasks.model import Task
from taskspace.tasks.store import write_jsonl, write_task_nodes

F = TypeVar("F", bound=Callable[..., Any])
Paraphrase = Callable[[list[Task]], tuple[list[Task], int]]

REASONS = {
    "unverified": "answer not re-derived",
    "duplicates": "duplicates",
    "missing": "a value the template shows is empty",
    "spoiler": "prompt names a hidden value",
    "apps": "app count outside the level",
    "ambiguous": "start and goal read the same",
    "requirements": "grounded subgraph short of the template's declaration",
    "llm_disagrees": "LLM's answer disagrees with the graph",
    "llm_spoiler": "LLM's question gives the answer away",
    "llm_quality": "LLM judge's quality below threshold",
    "lint": "a lint failed, below",
}
"""How the summary line tells each drop reason of :class:`SampleReport`."""


DERIVED_READERS = frozenset({"doc", "web"})
"""The kinds whose templates read properties loaders derive (:mod:`taskspace.sources.derived`)."""


def sample_options(function: F) -> F:
    """``-n/--count``, ``--seed``, ``-o/--out``, ``--no-graph`` and ``--json``: the options
    every sample verb takes, with the same defaults."""
    options = [
        click.option(
            "-n", "--count", default=DEFAULT_COUNT, show_default=True, help="Tasks to make."
        ),
        click.option("--seed", default=0, show_default=True, help="Same seed, same tasks."),
        click.option(
            "-o",
            "--out",
            type=click.Path(dir_okay=False, path_type=Path),
            default=None,
            help="JSONL file to write (default: tasks-<kind>-<seed>.jsonl).",
        ),
        click.option("--no-graph", is_flag=True, help="Do not write :Task nodes."),
        json_option,
    ]
    for option in reversed(options):
        function = option(function)
    return function


def run_family(kind: str, status: str, count: int, seed: int, **extra: Any) -> SampleReport:
    """Sample through the family registry, with a spinner meanwhile; first a warning on
    stderr when part of the graph lacks properties templates of this kind read."""
    from taskspace.generators import family
    from taskspace.sources.derived import stale_derived

    options = SampleOptions(count=count, seed=seed, extra=extra)
    with connected_graph() as graph:
        if kind in DERIVED_READERS and (stale := stale_derived(graph).of_kind(kind)):
            error_console.print(plain(("Warning: ", "bold yellow"), stale.describe()))
        with console.status(status):
            return family(kind).sample(graph, options)


def summary_line(report: SampleReport) -> str:
    """ "40 candidates; dropped: 2 (answer not re-derived), …; 1.20s"."""
    dropped = ", ".join(
        f"{count} ({REASONS.get(reason, reason)})" for reason, count in report.dropped.items()
    )
    line = f"{report.candidates} candidates; dropped: {dropped or 'none'}; {report.seconds:.2f}s"
    if report.extras.get("instances"):
        line += f"; instances {report.extras['instances']}"
    failed = "; ".join(
        f"{template}: " + ", ".join(f"{count} {reason}" for reason, count in sorted(counts.items()))
        for template, counts in sorted(report.requirements.items())
    )
    if failed:
        line += f"\nrequirements not met: {failed}"
    if report.lints:
        from taskspace.tasks.lints import LINTS

        linted = ", ".join(
            f"{count} {name} ({LINTS.get(name, name)})"
            for name, count in sorted(report.lints.items())
        )
        line += f"\nlints dropped: {linted}"
    return line


def save_sampled(
    report: SampleReport,
    *,
    out: Path | None,
    default_out: str,
    run_uri: str,
    no_graph: bool,
    as_json: bool,
    empty: str,
    title: str,
    table: tuple[Sequence[str], Sequence[Sequence[Any]]] | None = None,
    notes: Sequence[str] = (),
    paraphrase: Paraphrase | None = None,
    print_payload: bool = True,
) -> dict[str, Any]:
    """Write the tasks to JSONL (and ``:Task`` nodes) and report them: a kind's own table
    (``table``) or the per-template and coverage tables, then the summary line.

    ``empty`` is the error when no task could be made. The JSON payload is returned for a
    caller that adds to it (``--replay``) so that ``--json`` always prints one document.
    """
    if not report.tasks:
        raise SamplingError(empty)
    paraphrased = 0
    if paraphrase is not None:
        report.tasks, paraphrased = paraphrase(report.tasks)
    path = out or Path(default_out)
    write_jsonl(report.tasks, path)
    payload: dict[str, Any] = {**report.as_dict(), "out": str(path), "paraphrased": paraphrased}
    if not no_graph:
        with connected_graph() as graph:
            written = write_task_nodes(graph, report.tasks, run_uri)
        payload["task_nodes_created"] = written.nodes_created
    if as_json:
        if print_payload:
            print_json(payload)
        return payload
    _print_tables(report, f"{len(report.tasks)} {title} → {path}", table)
    for note in notes:
        print_line(note)
    print_line(summary_line(report))
    return payload


COVERAGE_ROWS = 12


def _print_tables(
    report: SampleReport,
    title: str,
    table: tuple[Sequence[str], Sequence[Sequence[Any]]] | None,
) -> None:
    if table is not None:
        print_table(title, table[0], table[1])
        return
    print_table(title, ["template", "tasks"], sorted(report.per_template.items()))
    for dimension, values in report.coverage.items():
        rows = sorted(values.items(), key=lambda item: (-item[1], item[0]))
        if len(rows) > COVERAGE_ROWS:
            # Template variables take hundreds of values: the most used, then a count of
            # the rest (the JSONL and --json keep every one).
            rest = len(rows) - COVERAGE_ROWS
            rows = [
                *rows[:COVERAGE_ROWS],
                (f"… {rest} more values", sum(n for _, n in rows[COVERAGE_ROWS:])),
            ]
        print_table(f"coverage: {dimension}", ["value", "tasks"], rows)
