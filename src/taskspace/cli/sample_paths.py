"""``kg sample paths`` (NaturalGAIA causal paths) and ``kg sample multihop`` (MMInA chains)."""

from __future__ import annotations

from pathlib import Path

import click

from taskspace.cli.llm import with_llm
from taskspace.cli.sample_common import run_family, sample_options, save_sampled
from taskspace.tasks.model import Task


def _paraphrase(tasks: list[Task]) -> tuple[list[Task], int]:
    from taskspace.generators.paths.describe import paraphrase_paths

    return with_llm("Phrasing instructions with Claude…", paraphrase_paths, tasks)


@click.command("paths")
@click.option(
    "--level",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="The level to sample; by default 1: 1-2 steps in 1-2 apps; 2: 3-4 steps in "
    "2-5 apps; 3: 6-7 steps in 3-7 apps (NaturalGAIA's 5-7 nodes, at least 6 atomic tasks).",
)
@click.option(
    "--levels",
    "levels_file",
    type=click.Path(path_type=Path, dir_okay=False),
    help="A levels spec (YAML, the shape of loaders/paths/levels.yaml) to use instead.",
)
@click.option("--start", "starts", multiple=True, help="Start only from these QIDs.")
@click.option(
    "--llm", is_flag=True, help="Let Claude phrase instructions (needs ANTHROPIC_API_KEY)."
)
@sample_options
def paths(
    level: int,
    levels_file: Path | None,
    starts: tuple[str, ...],
    llm: bool,
    count: int,
    seed: int,
    out: Path | None,
    no_graph: bool,
    as_json: bool,
) -> None:
    """Causal-path tasks over Wikidata items and app information spaces (NaturalGAIA)."""
    status = f"Walking level-{level} causal paths…"
    report = run_family(
        "path",
        status,
        count,
        seed,
        level=level,
        levels=str(levels_file) if levels_file else None,
        starts=list(starts) or None,
    )
    from taskspace.generators.paths.shortfall import explain

    save_sampled(
        report,
        out=out,
        default_out=f"tasks-path-L{level}-{seed}.jsonl",
        run_uri=f"sample:paths:level={level}:seed={seed}",
        no_graph=no_graph,
        as_json=as_json,
        empty=f"No causal path made. {explain(report, count)} Load more of Wikidata (items "
        "with labels and their own claims) and its app spaces, or try another level.",
        title=f"level-{level} causal-path tasks",
        table=(
            ["steps", "apps", "score", "answer", "instruction"],
            [
                (len(t.path), ", ".join(t.apps), t.score, t.answer, t.prompt[:120])
                for t in report.tasks
            ],
        ),
        notes=[explain(report, count)],
        paraphrase=_paraphrase if llm else None,
    )


@click.command("multihop")
@click.option(
    "--hops", default=2, show_default=True, type=click.IntRange(2, 10), help="Hops per chain."
)
@sample_options
def multihop(
    hops: int, count: int, seed: int, out: Path | None, no_graph: bool, as_json: bool
) -> None:
    """Multihop web tasks (MMInA): chains over crawled sites whose answers feed the next hop."""
    report = run_family("multihop", "Chaining hops over crawled pages…", count, seed, hops=hops)
    extras = report.extras
    notes = [
        f"{extras['attempts']} chains tried over {extras['pages']} pages of "
        f"{extras['sites']} site(s)."
    ]
    if extras["scope"] == "pages":
        notes.append("Only one site is crawled: every chain hops between pages of that site.")
    save_sampled(
        report,
        out=out,
        default_out=f"tasks-multihop-{seed}.jsonl",
        run_uri=f"sample:multihop:hops={hops}:seed={seed}",
        no_graph=no_graph,
        as_json=as_json,
        empty=f"No {hops}-hop chain could be made over {extras['pages']} crawled pages; "
        "crawl more of a site or ask for fewer hops.",
        title=f"{hops}-hop web tasks",
        table=(
            ["start", "hops", "answers"],
            [
                (
                    t.start_url,
                    " > ".join(h.kind for h in t.hops),
                    " | ".join(h.answer for h in t.hops),
                )
                for t in report.tasks
            ],
        ),
        notes=notes,
    )
