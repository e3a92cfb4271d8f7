"""``kg sample gui``: navigation tasks between page-graph screens, with the route as gold."""

from __future__ import annotations

from pathlib import Path

import click

from taskspace.cli.context import connected_graph
from taskspace.cli.output import console, json_option, print_json, print_table
from taskspace.graph.connection import GraphError
from taskspace.tasks.store import write_jsonl, write_task_nodes


@click.command("gui")
@click.option("-n", "--count", default=10, show_default=True, help="Tasks to make.")
@click.option("--seed", default=0, show_default=True, help="Same seed, same tasks.")
@click.option(
    "--max-hops",
    default=3,
    show_default=True,
    type=click.IntRange(1, 6),
    help="Longest route, in transitions.",
)
@click.option("--app", default=None, help="Keep to one app (package) or site.")
@click.option(
    "-o",
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="JSONL file to write (default: tasks-gui-<seed>.jsonl).",
)
@click.option("--no-graph", is_flag=True, help="Do not write :Task nodes.")
@json_option
def gui(
    count: int,
    seed: int,
    max_hops: int,
    app: str | None,
    out: Path | None,
    no_graph: bool,
    as_json: bool,
) -> None:
    """GUI navigation tasks: from one screen to another along a route the page graph knows."""
    from taskspace.guitasks.sampler import sample_gui

    with connected_graph() as graph:
        with console.status("Sampling routes between screens…"):
            report = sample_gui(graph, count, seed, max_hops, app)
        if not report.tasks:
            scope = f" of {app!r}" if app else ""
            raise GraphError(
                f"No GUI navigation task could be made from {report.starts} start screens"
                f"{scope}: load GUI episodes first (`kg load episodes …`) or allow more hops."
            )
        path = out or Path(f"tasks-gui-{seed}.jsonl")
        write_jsonl(report.tasks, path)
        payload = {**report.as_dict(), "out": str(path)}
        if not no_graph:
            run = f"sample:gui:hops={max_hops}:app={app}:seed={seed}"
            payload["task_nodes_created"] = write_task_nodes(graph, report.tasks, run).nodes_created
    if as_json:
        print_json(payload)
        return
    print_table(
        f"{len(report.tasks)} GUI navigation tasks → {path}",
        ["app", "hops", "route"],
        [(", ".join(t.apps), len(t.route), t.answer) for t in report.tasks],
    )
    console.print(
        f"{report.candidates} routes from {report.starts} start screens; dropped: "
        f"{report.dropped_ambiguous} (start and goal read the same), "
        f"{report.dropped_unverified} (not re-derived); {report.seconds:.2f}s"
    )
