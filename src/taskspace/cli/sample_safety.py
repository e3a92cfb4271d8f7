"""``kg sample safety``: safety variants of doc and web tasks from a tasks file."""

from __future__ import annotations

from pathlib import Path

import click

from taskspace.cli.context import connected_graph
from taskspace.cli.output import console, print_error
from taskspace.cli.sample_common import sample_options, save_sampled
from taskspace.generators.errors import SamplingError
from taskspace.tasks.store import read_tasks_file


@click.command("safety")
@click.option(
    "--from",
    "source",
    required=True,
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="Tasks file (JSONL of `kg sample doc` or `kg sample web`) to derive from.",
)
@click.option(
    "--strategies",
    default=None,
    help="Comma-separated doc strategies and web elements (default: all in the spec).",
)
@click.option(
    "--threats",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    default=None,
    help="A threat spec (the shape of loaders/safety/threats.yaml) to use instead.",
)
@sample_options
def safety(
    source: Path,
    strategies: str | None,
    threats: Path | None,
    count: int,
    seed: int,
    out: Path | None,
    no_graph: bool,
    as_json: bool,
) -> None:
    """Safety tasks: threats injected at run time into what the agent retrieves (doc) or
    sees in the browser (web); -n caps how many are written."""
    from taskspace.generators.safety.sample import chosen, safety_tasks
    from taskspace.generators.safety.spec import load_threats

    spec = load_threats(threats)
    names = [name.strip() for name in (strategies or "").split(",") if name.strip()]
    chosen(spec, names)  # an unknown name fails here, before anything is read
    tasks, bad = read_tasks_file(source)
    if not as_json:
        for line in bad[:20]:
            print_error(f"{source}: {line} (skipped)")
    if not tasks:
        raise SamplingError(f"{source} holds no task" + (f" ({bad[0]})" if bad else ""))
    with connected_graph() as graph, console.status("Making safety tasks…"):
        report = safety_tasks(graph, tasks, spec, seed=seed, names=names, count=count)
    save_sampled(
        report,
        out=out,
        default_out=f"tasks-safety-{seed}.jsonl",
        run_uri=f"sample:safety:{source.name}:seed={seed}",
        no_graph=no_graph,
        as_json=as_json,
        empty=f"No safety task could be made from {source}: it needs doc tasks whose "
        "grounding is in loaded chunks, or web tasks with a start URL.",
        title="safety tasks",
        table=(["strategy", "tasks"], sorted(report.extras["strategies"].items())),
        notes=[_spread(report.extras["base_tasks"])],
    )


def _spread(base: dict[str, int]) -> str:
    """ "Built from 8 of 12 base tasks (round-robin: one each before any gives two)." """
    return (
        f"Built from {base['used']} of {base['available']} base tasks "
        "(round-robin: every base task gives one before any gives two)."
    )
