"""``kg load episodes``: GUI episodes into the graph, folded into the PG-Agent page graph."""

from __future__ import annotations

from pathlib import Path

import click

from taskspace.cli.context import connected_graph
from taskspace.cli.outcome import (
    LoadOutcome,
    finish_load,
    refuse_missing_paths,
    strict_option,
    write_bad_records,
)
from taskspace.cli.output import (
    console,
    json_option,
    print_json,
    print_table,
    print_warnings,
)
from taskspace.cli.progress import progress_bar
from taskspace.core.words import counted
from taskspace.graph.load_report import BadRecord
from taskspace.sources.episodes.loader import (
    FORMATS,
    USED_KINDS,
    EpisodeLoadOptions,
    EpisodeLoadReport,
    load_episodes,
)


@click.command("episodes")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option(
    "--format",
    "fmt",
    type=click.Choice(FORMATS),
    default="auto",
    show_default=True,
    help="Input format; auto recognises each file or folder.",
)
@click.option(
    "--llm",
    is_flag=True,
    help="Let Claude decide page jumps and write screen summaries (needs ANTHROPIC_API_KEY).",
)
@strict_option
@json_option
def episodes(paths: tuple[Path, ...], fmt: str, llm: bool, strict: bool, as_json: bool) -> None:
    """Load GUI episodes (files or folders) as episodes, steps and a page graph of screens.
    Records skipped are listed; the load exits 0, or 3 with --strict."""
    from taskspace.models.errors import LLMUnavailableError

    refuse_missing_paths(paths)
    options = EpisodeLoadOptions(llm=llm)
    with connected_graph(schema=True) as graph, progress_bar(not as_json) as progress:
        try:
            # A missing path among others is reported by the loader as an unreadable input.
            report = load_episodes(graph, list(paths), fmt, options, progress=progress)
        except LLMUnavailableError as exc:
            raise LLMUnavailableError(f"--llm: {exc}") from exc
    records = [BadRecord(file, record, reason) for file, record, reason in report.errors]
    records_file = write_bad_records(records, key="record")
    outcome = LoadOutcome.of(report, records_file=records_file, strict=strict)
    if as_json:
        print_json({**report.as_dict(), **outcome.as_dict()})
    else:
        print_summary(report)
    finish_load(outcome, as_json)


def print_summary(report: EpisodeLoadReport) -> None:
    stats = report.as_dict()
    rows = [
        (name, stats[name])
        for name in ("episodes", "steps", "images", "screens", "transitions", "actions")
    ]
    rows += [
        ("screens created", report.screens_created),
        ("visits merged into a known screen", report.merged_visits),
        ("transitions created", report.transitions_created),
    ]
    print_table(
        "Episodes loaded (page graph: screens are nodes, transitions edges)",
        ["what", "count"],
        rows,
    )
    skipped = [(file, None, reason) for file, reason in report.failed] + report.errors
    if skipped:
        print_table(
            "Records not loaded",
            ["file", "record", "reason"],
            [(f, record or "", why) for f, record, why in skipped],
        )
    print_warnings(report.warnings)
    for kind, files in report.used.items():
        if files:
            console.print(f"{len(files)} {USED_KINDS[kind]}")
    console.print(
        f"{counted(report.episodes, 'episode')} from {len(report.loaded)} of {report.inputs} files "
        f"in {report.seconds:.1f}s; "
        f"{counted(report.nodes_created, 'node')} and "
        f"{counted(report.relationships_created, 'relationship')} created."
    )
