"""``kg load episodes``: GUI episodes into the graph, folded into the PG-Agent page graph."""

from __future__ import annotations

from pathlib import Path

import click
from rich.text import Text

from taskspace.cli.context import connected_graph
from taskspace.cli.output import console, error_console, json_option, print_json, print_table
from taskspace.graph.connection import GraphError
from taskspace.pagegraph.loader import (
    FORMATS,
    EpisodeLoadOptions,
    EpisodeLoadReport,
    load_episodes,
)


@click.command("episodes")
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True, path_type=Path))
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
@json_option
def episodes(paths: tuple[Path, ...], fmt: str, llm: bool, as_json: bool) -> None:
    """Load GUI episodes (files or folders) as episodes, steps and a page graph of screens."""
    from taskspace.llm.client import LLMUnavailableError

    options = EpisodeLoadOptions(llm=llm)
    with connected_graph() as graph:
        try:
            report = load_episodes(graph, list(paths), fmt, options, progress=not as_json)
        except LLMUnavailableError as exc:
            raise GraphError(f"--llm: {exc}") from exc
    if as_json:
        print_json(report.as_dict())
    else:
        print_summary(report)
    if not report.episodes or report.unreadable:
        if not report.episodes:
            reason = (
                f"all {len(report.errors)} records failed (see the errors above)"
                if report.errors
                else "no episodes were found under the given paths"
            )
            message = f"No episode loaded: {reason}."
        else:
            message = f"Could not read {', '.join(report.unreadable)} (the rest was loaded)."
        error_console.print(Text.assemble(("Error: ", "bold red"), message))
        raise SystemExit(1)


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
    if report.errors:
        print_table(
            "Records not loaded",
            ["file", "record", "reason"],
            [(file, record or "", reason) for file, record, reason in report.errors],
        )
    console.print(
        f"{report.episodes} episodes from {len(report.files)} files in {report.seconds:.1f}s; "
        f"{report.created_nodes} nodes and {report.created_relationships} relationships created."
    )
