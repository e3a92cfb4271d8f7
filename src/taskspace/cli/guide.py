"""``kg guide``: page-graph guidelines for a screen (PG-Agent), from the live graph."""

from __future__ import annotations

from pathlib import Path

import click

from taskspace.cli.context import connected_graph
from taskspace.cli.output import console, json_option, print_json, print_table
from taskspace.guidelines.errors import GuidelineError


@click.command("guide")
@click.argument("summary", required=False)
@click.option(
    "--ui-dump",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="The screen's UI dump (uiautomator XML, view-hierarchy or Rico JSON).",
)
@click.option(
    "--screenshot",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="The screen's screenshot, compared by perceptual hash.",
)
@click.option(
    "-n",
    "n",
    default=4,
    show_default=True,
    type=click.IntRange(min=1),
    help="Similar screens to start from.",
)
@click.option(
    "--layers",
    default=3,
    show_default=True,
    type=click.IntRange(1, 10),
    help="Breadth-first layers past each outgoing transition whose tasks are gathered.",
)
@click.option(
    "-k",
    "k",
    default=None,
    type=click.IntRange(min=1),
    help="Most guidelines to return [default: 20, or 10 for a web screen].",
)
@click.option("--app", default=None, help="Keep to one app (package) or site.")
@json_option
def guide(
    summary: str | None,
    ui_dump: Path | None,
    screenshot: Path | None,
    n: int,
    layers: int,
    k: int | None,
    app: str | None,
    as_json: bool,
) -> None:
    """Guidelines for a screen: "perform these actions to accomplish these tasks"."""
    if not summary and ui_dump is None:
        raise GuidelineError("describe the screen: give a SUMMARY or --ui-dump (and --screenshot)")
    from taskspace.guidelines import Guide

    with connected_graph() as graph:
        guidelines = Guide(graph).for_screen(
            summary, ui_dump=ui_dump, screenshot=screenshot, n=n, layers=layers, k=k, app=app
        )
    if as_json:
        print_json([g.model_dump() for g in guidelines])
        return
    if not guidelines:
        console.print(
            "No guidelines: no similar screen has a known transition "
            "(load episodes with `kg load episodes`)."
        )
        return
    print_table(
        f"{len(guidelines)} guidelines",
        ["score", "perform", "to accomplish", "from screen"],
        [
            (
                f"{g.score:.3f}",
                " → ".join(g.actions),
                "; ".join(g.tasks),
                g.start_summary,
            )
            for g in guidelines
        ],
    )
