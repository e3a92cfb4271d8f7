"""``kg load web URL``: crawl a site with headless Chromium into the graph."""

from __future__ import annotations

import click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn

from taskspace.cli.context import connected_graph
from taskspace.cli.output import console, json_option, print_json, print_table
from taskspace.graph.connection import GraphError
from taskspace.settings import load_settings
from taskspace.web.crawl import CrawlOptions
from taskspace.web.loader import WebLoadSummary, check_start_url, load_web


@click.command("web")
@click.argument("url")
@click.option(
    "--max-pages",
    default=50,
    show_default=True,
    type=click.IntRange(min=1),
    help="Stop after this many pages have loaded.",
)
@click.option(
    "--max-depth",
    default=3,
    show_default=True,
    type=click.IntRange(min=0),
    help="Links from the start page are depth 1; deeper ones are not followed.",
)
@click.option(
    "--timeout",
    default=15.0,
    show_default=True,
    type=click.FloatRange(min=0, min_open=True),
    help="Seconds one page may take to load.",
)
@click.option(
    "--delay",
    default=0.2,
    show_default=True,
    type=click.FloatRange(min=0),
    help="Seconds to wait between pages (politeness).",
)
@click.option("--no-probe", is_flag=True, help="Skip trying clicks, fields and submits.")
@json_option
def web(
    url: str,
    max_pages: int,
    max_depth: int,
    timeout: float,
    delay: float,
    no_probe: bool,
    as_json: bool,
) -> None:
    """Crawl URL's site breadth first (same origin) into WebPage and WebElement nodes.

    Uses headless Chromium (TASKSPACE_CHROMIUM, default /usr/bin/chromium); requests to
    other origins are blocked. Screenshots go to TASKSPACE_HOME/screenshots/.
    """
    options = CrawlOptions(
        max_pages=max_pages, max_depth=max_depth, timeout=timeout, delay=delay, probe=not no_probe
    )
    check_start_url(url)  # a bad URL is reported before any connection is made
    settings = load_settings()
    with connected_graph(settings) as graph:
        progress = Progress(
            SpinnerColumn(),
            TextColumn("[progress.description]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            console=console,
            transient=True,
            disable=as_json,
        )
        with progress:
            task = progress.add_task("Crawling", total=max_pages)

            def on_event(page_url: str, outcome: str) -> None:
                if outcome == "loaded":
                    progress.advance(task)
                progress.update(task, description=f"{outcome}: {page_url}"[:90])

            summary = load_web(graph, url, options, settings.home, on_event)
    if not summary.pages:
        reasons = "; ".join(f"{f.url}: {f.reason}" for f in summary.failed) or "nothing to load"
        raise GraphError(f"no page of {summary.start_url} could be loaded ({reasons})")
    if as_json:
        print_json(summary.as_dict())
        return
    _print_summary(summary)


def _print_summary(summary: WebLoadSummary) -> None:
    print_table(
        "Pages",
        ["url", "depth", "title", "elements"],
        [(p.url, p.depth, p.title, p.elements) for p in summary.pages],
    )
    print_table("Elements by kind", ["kind", "count"], sorted(summary.elements_by_kind.items()))
    print_table(
        "Edges by type",
        ["type", "count", "observed"],
        [(name, c["count"], c["observed"]) for name, c in summary.edges_by_type.items()],
    )
    if summary.failed:
        print_table(
            "Failed pages",
            ["url", "depth", "reason"],
            [(f.url, f.depth, f.reason) for f in summary.failed],
        )
    console.print(
        f"{len(summary.pages)} pages, {sum(summary.elements_by_kind.values())} elements from "
        f"{summary.start_url} in {summary.seconds:.1f} s; {len(summary.failed)} failed."
    )
