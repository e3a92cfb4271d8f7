"""``kg sample paths`` (NaturalGAIA causal paths) and ``kg sample multihop`` (MMInA chains)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

from taskspace.cli.context import connected_graph
from taskspace.cli.llm import with_llm
from taskspace.cli.output import console, json_option, print_json, print_table
from taskspace.graph.connection import GraphError
from taskspace.tasks.model import Task
from taskspace.tasks.store import write_jsonl, write_task_nodes

_out = click.option(
    "-o",
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="JSONL file to write (default: tasks-<kind>-<seed>.jsonl).",
)
_count = click.option("-n", "--count", default=10, show_default=True, help="Tasks to make.")
_seed = click.option("--seed", default=0, show_default=True, help="Same seed, same tasks.")
_no_graph = click.option("--no-graph", is_flag=True, help="Do not write :Task nodes.")


def _save(
    tasks: Sequence[Task], out: Path, no_graph: bool, run_uri: str, payload: dict[str, Any]
) -> None:
    write_jsonl(tasks, out)
    payload["out"] = str(out)
    if not no_graph:
        with connected_graph() as graph:
            payload["task_nodes_created"] = write_task_nodes(graph, tasks, run_uri).nodes_created


def _paraphrase(tasks: list[Task]) -> tuple[list[Task], int]:
    from taskspace.paths.describe import paraphrase_paths

    return with_llm("Phrasing instructions with Claude…", paraphrase_paths, tasks)


@click.command("paths")
@click.option(
    "--level",
    type=click.IntRange(1, 3),
    default=1,
    show_default=True,
    help="1: 1-2 steps in 1-2 apps; 2: 3-4 steps across 3-5 apps; 3: 5-7 steps, up to 7 apps.",
)
@_count
@_seed
@_out
@click.option("--start", "starts", multiple=True, help="Start only from these QIDs.")
@click.option(
    "--llm", is_flag=True, help="Let Claude phrase instructions (needs ANTHROPIC_API_KEY)."
)
@_no_graph
@json_option
def paths(
    level: int,
    count: int,
    seed: int,
    out: Path | None,
    starts: tuple[str, ...],
    llm: bool,
    no_graph: bool,
    as_json: bool,
) -> None:
    """Causal-path tasks over Wikidata items and app information spaces (NaturalGAIA)."""
    from taskspace.paths.sampler import sample_paths

    with connected_graph() as graph, console.status(f"Walking level-{level} causal paths…"):
        report = sample_paths(graph, level, count, seed, starts=list(starts) or None)
    if not report.tasks:
        raise GraphError(
            f"No level-{level} causal path could be made from {report.starts} start items "
            f"in {report.attempts} walks ({report.dropped_apps} had too few or too many apps); "
            "load more of Wikidata or try another level."
        )
    tasks, paraphrased = _paraphrase(report.tasks) if llm else (report.tasks, 0)
    payload = {**report.as_dict(), "paraphrased": paraphrased}
    path = out or Path(f"tasks-path-L{level}-{seed}.jsonl")
    _save(tasks, path, no_graph, f"sample:paths:level={level}:seed={seed}", payload)
    if as_json:
        print_json(payload)
        return
    print_table(
        f"{len(tasks)} level-{level} causal-path tasks → {path}",
        ["steps", "apps", "score", "answer", "instruction"],
        [(len(t.path), ", ".join(t.apps), t.score, t.answer, t.prompt[:120]) for t in tasks],
    )
    console.print(
        f"{report.attempts} walks from {report.starts} start items; dropped: "
        f"{report.dropped_apps} (app count outside the level), {report.dropped_spoiler} "
        f"(instruction named a hidden entity), {report.dropped_unverified} (not re-derived); "
        f"{report.seconds:.2f}s"
    )


@click.command("multihop")
@click.option(
    "--hops", default=2, show_default=True, type=click.IntRange(2, 10), help="Hops per chain."
)
@_count
@_seed
@_out
@_no_graph
@json_option
def multihop(
    hops: int, count: int, seed: int, out: Path | None, no_graph: bool, as_json: bool
) -> None:
    """Multihop web tasks (MMInA): chains over crawled sites whose answers feed the next hop."""
    from taskspace.multihop.sampler import sample_multihop

    with connected_graph() as graph, console.status("Chaining hops over crawled pages…"):
        report = sample_multihop(graph, hops, count, seed)
    if not report.tasks:
        raise GraphError(
            f"No {hops}-hop chain could be made over {report.pages} crawled pages; "
            "crawl more of a site or ask for fewer hops."
        )
    payload = report.as_dict()
    path = out or Path(f"tasks-multihop-{seed}.jsonl")
    _save(report.tasks, path, no_graph, f"sample:multihop:hops={hops}:seed={seed}", payload)
    if as_json:
        print_json(payload)
        return
    print_table(
        f"{len(report.tasks)} {hops}-hop web tasks → {path}",
        ["start", "hops", "answers"],
        [
            (t.start_url, " > ".join(h.kind for h in t.hops), " | ".join(h.answer for h in t.hops))
            for t in report.tasks
        ],
    )
    if report.scope == "pages":
        console.print("Only one site is crawled: every chain hops between pages of that site.")
    console.print(
        f"{report.attempts} chains tried over {report.pages} pages of {report.sites} site(s); "
        f"dropped: {report.dropped_spoiler} (answer named in the prompt), "
        f"{report.dropped_unverified} (not re-derived); {report.seconds:.2f}s"
    )
