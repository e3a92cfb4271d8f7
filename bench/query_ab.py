"""One template's query as it is now and as it was at an earlier commit, on the same graph,
in turns, with their rows compared.

    python -m bench.query_ab nav_link --against cd8936e [--seeds 20 --rounds 4]

A change to a meta-path is judged on the same server in the same minutes (figures taken at
different times on this shared machine differ by 2×), and it must give the same rows. Both
texts run on the same seeded windows (``kg sample``'s own parameters); which goes first
turns each round, and the first round is left out of the times (plans compiling). The
result: each text's median and 90th-percentile milliseconds, the rows over all seeds, and
the seeds whose rows differ (with the counts), with the load average.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import time
from pathlib import Path
from typing import Any

from bench.entry import run_main
from bench.load import emit, stamped
from taskspace.core.errors import UserError
from taskspace.core.settings import load_settings
from taskspace.generators.templates.engine import template_call
from taskspace.generators.templates.templates import TemplateSpec, load_templates
from taskspace.graph.connection import Graph
from taskspace.graph.metapaths import metapath_library

ROOT = Path(__file__).resolve().parents[1]


def template(name: str) -> TemplateSpec:
    """The shipped template called ``name``, of either kind."""
    for kind in ("doc", "web"):
        for spec in load_templates(kind):
            if spec.name == name:
                return spec
    raise UserError(f"No template is called {name!r}; see metapaths/documents and metapaths/web.")


def text_at(revision: str, query: str) -> str:
    """The query's Cypher as it was at ``revision`` of this repository."""
    path = metapath_library().path(query).relative_to(ROOT).as_posix()
    shown = subprocess.run(
        ["git", "-C", str(ROOT), "show", f"{revision}:{path}"],
        capture_output=True,
        text=True,
        check=False,
    )
    if shown.returncode != 0:
        raise UserError(f"{path} at {revision}: {shown.stderr.strip() or 'git show failed'}")
    return shown.stdout


def compare(
    graph: Graph, spec: TemplateSpec, old: str, seeds: int, rounds: int, limit: int
) -> dict[str, Any]:
    """Both texts on seeds ``0 … seeds-1``, ``rounds`` times, alternating which runs first."""
    texts = {"before": old, "now": metapath_library().text(spec.query)}
    times: dict[str, list[float]] = {label: [] for label in texts}
    rows: dict[str, list[list[dict[str, Any]]]] = {label: [] for label in texts}
    calls = [template_call(spec, seed=seed, limit=limit)[1] for seed in range(seeds)]
    for round_number in range(rounds):
        order = list(texts) if round_number % 2 else list(reversed(texts))
        for label in order:
            for params in calls:
                started = time.perf_counter()
                found = graph.read_text(texts[label], **params)
                if round_number:
                    times[label].append((time.perf_counter() - started) * 1000)
                if round_number == rounds - 1:
                    rows[label].append(found)
    differ = [
        {"seed": seed, "before": len(before), "now": len(now)}
        for seed, (before, now) in enumerate(zip(rows["before"], rows["now"], strict=True))
        if before != now
    ]
    return stamped(
        {
            "template": spec.name,
            "seeds": seeds,
            "rounds_timed": rounds - 1,
            "rows": {label: sum(len(found) for found in rows[label]) for label in texts},
            "ms": {label: _spread(values) for label, values in times.items()},
            "seeds_with_other_rows": differ,
        }
    )


def _spread(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {
        "median": round(statistics.median(ordered), 1),
        "p90": round(ordered[int(len(ordered) * 0.9)], 1),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("template", help="a template's name, e.g. nav_link")
    parser.add_argument("--against", required=True, metavar="REVISION", help="a git revision")
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=4, help="the first one is not timed")
    parser.add_argument("--limit", type=int, default=60, help="rows per window, as a sample")
    args = parser.parse_args()
    if args.rounds < 2 or args.seeds < 1:
        raise UserError("--rounds must be at least 2 (the first is not timed), --seeds at least 1")
    spec = template(args.template)
    old = text_at(args.against, spec.query)
    graph = Graph(load_settings())
    try:
        result = compare(graph, spec, old, args.seeds, args.rounds, args.limit)
    finally:
        graph.close()
    emit(result)
    return 1 if result["seeds_with_other_rows"] else 0


if __name__ == "__main__":
    run_main(main)
