"""``kg sample gui``: navigation tasks between page-graph screens, with the route as gold."""

from __future__ import annotations

from pathlib import Path

import click

from taskspace.cli.sample_common import run_family, sample_options, save_sampled


@click.command("gui")
@click.option(
    "--max-hops",
    default=3,
    show_default=True,
    type=click.IntRange(1, 6),
    help="Longest route, in transitions.",
)
@click.option("--app", default=None, help="Keep to one app (package) or site.")
@sample_options
def gui(
    max_hops: int,
    app: str | None,
    count: int,
    seed: int,
    out: Path | None,
    no_graph: bool,
    as_json: bool,
) -> None:
    """GUI navigation tasks: from one screen to another along a route the page graph knows."""
    report = run_family(
        "gui", "Sampling routes between screens…", count, seed, max_hops=max_hops, app=app
    )
    scope = f" of {app!r}" if app else ""
    save_sampled(
        report,
        out=out,
        default_out=f"tasks-gui-{seed}.jsonl",
        run_uri=f"sample:gui:hops={max_hops}:app={app}:seed={seed}",
        no_graph=no_graph,
        as_json=as_json,
        empty=f"No GUI navigation task could be made from {report.extras['starts']} start "
        f"screens{scope}: load GUI episodes first (`kg load episodes …`) or allow more hops.",
        title="GUI navigation tasks",
        table=(
            ["app", "hops", "route"],
            [(", ".join(t.apps), len(t.route), t.answer) for t in report.tasks],
        ),
        notes=[f"{report.extras['starts']} start screens."],
    )
