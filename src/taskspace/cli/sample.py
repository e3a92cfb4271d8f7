"""``kg sample doc|web``: tasks with verifiable answers, to JSONL and ``:Task`` nodes."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import click

from taskspace.cli.context import connected_graph
from taskspace.cli.llm import with_llm
from taskspace.cli.output import F, json_option, print_error, print_json, print_line
from taskspace.cli.sample_common import run_family, sample_options, save_sampled
from taskspace.generators.errors import SamplingError
from taskspace.generators.templates.family import THRESHOLD
from taskspace.generators.templates.pool import CANDIDATES_PER_TASK, MIN_PER_TEMPLATE, PER_TEMPLATE
from taskspace.tasks.family import SampleReport
from taskspace.tasks.model import Task
from taskspace.tasks.store import BadLine, read_tasks_file


@click.group()
def sample() -> None:
    """Sample evaluation tasks from the live graph."""


def _per_template(default: str) -> Callable[[F], F]:
    """``--per-template``, whose default each verb says."""
    return click.option(
        "--per-template",
        type=click.IntRange(min=1),
        default=None,
        help=f"Candidates kept per template before selection. Default: {default}.",
    )


_SIZED = (
    f"sized to --count (about {CANDIDATES_PER_TASK} per task over the templates, "
    f"{MIN_PER_TEMPLATE} to {PER_TEMPLATE}); a sample that comes out short is taken again "
    "on a wider pool"
)
_templates = click.option(
    "--template",
    "templates",
    multiple=True,
    metavar="NAME",
    help="Sample from this template only (repeat for several); an unknown name lists them.",
)
_llm = click.option(
    "--llm", is_flag=True, help="Let Claude phrase prompts (needs ANTHROPIC_API_KEY; cached)."
)


def _paraphrase(tasks: list[Task]) -> tuple[list[Task], int]:
    from taskspace.generators.paraphrase import paraphrase_tasks

    return with_llm("Phrasing prompts with Claude…", paraphrase_tasks, tasks)


def _save_templates(
    kind: str,
    report: SampleReport,
    out: Path | None,
    seed: int,
    no_graph: bool,
    as_json: bool,
    llm: bool,
    print_payload: bool = True,
) -> dict[str, object]:
    return save_sampled(
        report,
        out=out,
        default_out=f"tasks-{kind}-{seed}.jsonl",
        run_uri=f"sample:{kind}:seed={seed}",
        no_graph=no_graph,
        as_json=as_json,
        empty=f"No {kind} task could be made: load sources first (`kg load …`) or relax the "
        "objective threshold.",
        title=f"{kind} tasks",
        paraphrase=_paraphrase if llm else None,
        print_payload=print_payload,
        notes=_tier_notes(report),
    )


def _tier_notes(report: SampleReport) -> list[str]:
    """Web tasks per tier, in the order the tiers are filled."""
    tiers = report.extras.get("tiers") or {}
    counts = ", ".join(f"{tier} {count}" for tier, count in tiers.items())
    return [f"Tiers (filled in this order): {counts}."] if counts else []


@sample.command("doc")
@click.option("--objective", default=None, help="Keep to the part of the graph relevant to this.")
@click.option(
    "--threshold",
    default=THRESHOLD,
    show_default=True,
    help="Cosine similarity a chunk needs to the objective.",
)
@_per_template(_SIZED)
@_templates
@click.option(
    "--write/--no-write",
    default=None,
    help="Let Claude write each instance from its subgraph, kept only when its answer agrees "
    "with the graph and a judge's quality passes (cached). Default: on when "
    "ANTHROPIC_API_KEY is set.",
)
@_llm
@sample_options
def sample_doc(
    objective: str | None,
    threshold: float,
    per_template: int | None,
    templates: tuple[str, ...],
    write: bool | None,
    llm: bool,
    count: int,
    seed: int,
    out: Path | None,
    no_graph: bool,
    as_json: bool,
) -> None:
    """Document tasks (GRAPH2EVAL types) from loaded documents."""
    from taskspace.models.llm.client import llm_available

    report = run_family(
        "doc",
        "Sampling document tasks…",
        count,
        seed,
        objective=objective,
        threshold=threshold,
        per_template=per_template,
        templates=templates,
        write=llm_available() if write is None else write,
    )
    _save_templates("doc", report, out, seed, no_graph, as_json, llm)


@sample.command("verify")
@click.argument("tasks_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@json_option
def sample_verify(tasks_file: Path, as_json: bool) -> None:
    """Re-derive every task's gold answer from the graph; exit 1 if any no longer holds
    or a line of the file is not a task."""
    tasks, bad = _read_tasks(tasks_file, as_json)
    from taskspace.generators import verify_tasks

    with connected_graph() as graph:
        results = verify_tasks(graph, tasks)
    failed = [task_id for task_id, ok in results if not ok]
    if as_json:
        print_json(
            {
                "tasks": len(results),
                "verified": len(results) - len(failed),
                "failed": failed,
                "bad_lines": [str(line) for line in bad],
            }
        )
    else:
        print_line(f"{len(results) - len(failed)} of {len(results)} answers re-derived.")
        for task_id in failed:
            print_line("no longer holds: ", task_id)
    if failed or bad:
        raise SystemExit(1)


def _read_tasks(path: Path, as_json: bool) -> tuple[list[Task], list[BadLine]]:
    """The file's tasks; its bad lines named on stderr; an error if it holds no task."""
    tasks, bad = read_tasks_file(path)
    if not as_json:
        for line in bad[:20]:
            print_error(f"{path}: {line} (skipped)")
        if len(bad) > 20:
            print_error(f"{path}: {len(bad) - 20} more bad lines skipped")
    if not tasks:
        raise SamplingError(f"{path} holds no task" + (f" ({bad[0]})" if bad else " (it is empty)"))
    return tasks, bad


@sample.command("web")
@click.option(
    "--replay",
    "replay_origin",
    default=None,
    help="After sampling, replay every task in Chromium against this origin "
    "(e.g. http://127.0.0.1:8000) and report the pass rate.",
)
@_per_template(str(PER_TEMPLATE))
@_templates
@_llm
@sample_options
def sample_web(
    replay_origin: str | None,
    per_template: int | None,
    templates: tuple[str, ...],
    llm: bool,
    count: int,
    seed: int,
    out: Path | None,
    no_graph: bool,
    as_json: bool,
) -> None:
    """Web tasks from crawled sites (seed-driven meta-paths), with steps and checks."""
    report = run_family(
        "web", "Sampling web tasks…", count, seed, per_template=per_template, templates=templates
    )
    payload = _save_templates(
        "web", report, out, seed, no_graph, as_json, llm, print_payload=not replay_origin
    )
    if replay_origin:
        _replay(report.tasks, replay_origin, as_json, sampled=payload)


@sample.command("replay")
@click.argument("tasks_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--origin", required=True, help="Where the site is served now.")
@json_option
def sample_replay(tasks_file: Path, origin: str, as_json: bool) -> None:
    """Replay web tasks from a JSONL file in Chromium; exit 1 if any fails."""
    tasks, bad = _read_tasks(tasks_file, as_json)
    _replay(tasks, origin, as_json)
    if bad:
        raise SystemExit(1)


def _replay(
    tasks: list[Task], origin: str, as_json: bool, sampled: dict[str, object] | None = None
) -> None:
    from taskspace.environments.replay import replay_tasks
    from taskspace.sources.web.origins import one_origin
    from taskspace.sources.web.urls import origin_of

    crawled = {origin_of(task.start_url) for task in tasks if task.start_url}
    one_site = "replay the tasks of one site at a time"
    result = replay_tasks(tasks, origin_map=one_origin(crawled, origin, one_site))
    if as_json:
        print_json({**sampled, "replay": result.as_dict()} if sampled else result.as_dict())
    else:
        print_line(
            f"Replay: {result.passed} of {result.total} tasks passed ({result.pass_rate:.2f})."
        )
        for outcome in result.failures():
            print_line(
                ("failed: ", "red"),
                f"{outcome.task_id} ({outcome.template}) at {outcome.failed_at}: {outcome.reason}",
            )
    if not result.total or result.failures():
        raise SystemExit(1)


def _register_path_commands() -> None:
    """Causal-path and multihop sampling live in their own module; they join the group here."""
    from taskspace.cli.sample_paths import multihop, paths

    sample.add_command(paths)
    sample.add_command(multihop)


_register_path_commands()


def _register_gui_command() -> None:
    """GUI navigation sampling (page-graph routes) lives in its own module."""
    from taskspace.cli.sample_gui import gui

    sample.add_command(gui)


_register_gui_command()


def _register_safety_command() -> None:
    """Safety variants of doc and web tasks live in their own module."""
    from taskspace.cli.sample_safety import safety

    sample.add_command(safety)


_register_safety_command()


def _register_review_command() -> None:
    """Reading and judging sampled tasks lives in its own module."""
    from taskspace.cli.sample_review import review

    sample.add_command(review)


_register_review_command()
