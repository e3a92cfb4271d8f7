"""``kg load web URL``: crawl a site with headless Chromium into the graph.

It ends like every load (:mod:`taskspace.cli.outcome`): all pages loaded, some failed
("Partly loaded", exit 0), or none (exit 1, with the start page's reason on one line).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import click

from taskspace.cli.context import connected_graph
from taskspace.cli.outcome import LoadOutcome, finish_load, strict_option
from taskspace.cli.output import json_option, print_json, print_line, print_table
from taskspace.cli.progress import progress_bar
from taskspace.core.settings import load_settings
from taskspace.sources.web.crawl import CrawlOptions
from taskspace.sources.web.errors import CrawlError
from taskspace.sources.web.loader import WebLoadReport, check_start_url, load_web


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
@click.option(
    "--site",
    help="Name of the site: ids come from it and each page's path, so the same site served "
    "on another port or host gets the same ids (default: the URL's host and directory, "
    "e.g. 127.0.0.1/docs; give names to keep two sites of one host apart).",
)
@strict_option
@json_option
def web(
    url: str,
    max_pages: int,
    max_depth: int,
    timeout: float,
    delay: float,
    no_probe: bool,
    strict: bool,
    site: str | None,
    as_json: bool,
) -> None:
    """Crawl URL's site breadth first (same origin) into WebPage and WebElement nodes.

    Uses headless Chromium (TASKSPACE_CHROMIUM, default /usr/bin/chromium); requests to
    other origins are blocked. Screenshots go to TASKSPACE_HOME/screenshots/. A crawl
    with pages not loaded exits 0, or 3 with --strict.
    """
    options = CrawlOptions(
        max_pages=max_pages, max_depth=max_depth, timeout=timeout, delay=delay, probe=not no_probe
    )
    _check_url(url)  # a bad URL is reported before any connection is made
    settings = load_settings()
    with connected_graph(settings, schema=True) as graph, progress_bar(not as_json) as progress:
        summary = load_web(graph, url, options, settings.home, progress, site=site)
    outcome = _outcome(summary, strict)
    if as_json:
        print_json({**summary.as_dict(), **outcome.as_dict()})
    elif summary.pages:
        if summary.same_site_note:
            print_line(summary.same_site_note, whole=True)
        _print_summary(summary)
    finish_load(outcome, as_json)


def _outcome(summary: WebLoadReport, strict: bool) -> LoadOutcome:
    outcome = LoadOutcome.of(summary, "pages", strict=strict)
    if summary.pages:
        return outcome
    # Nothing loaded: say why on the same line, from the start page's own failure.
    start = next((f for f in summary.failed if f.input == summary.start_url), None)
    first = start or (summary.failed[0] if summary.failed else None)
    why = f"{first.input}: {_one_line(first.reason)}" if first else "the crawl found no page"
    return _WebOutcome("pages", outcome.inputs, 0, why=why)


def _one_line(text: str) -> str:
    lines = [line.strip() for line in str(text).splitlines() if line.strip()]
    return lines[0] if lines else "unknown reason"


@dataclass(frozen=True)
class _WebOutcome(LoadOutcome):
    """A failed crawl's outcome whose message also says why the start page failed."""

    why: str = ""

    @property
    def message(self) -> str:
        return f"{super().message[:-1]} ({self.why})."


def _check_url(url: str) -> None:
    """One line for a start that cannot be crawled: a local path (missing or not), or a
    URL that is not http(s)."""
    if not urlsplit(url).scheme:
        path = Path(url).expanduser()
        if not path.exists():
            raise CrawlError(f"cannot crawl {url!r}: no such URL or file; give an http(s) URL")
        raise CrawlError(
            f"cannot crawl {url!r}: it is a local path; serve it (python -m http.server) "
            "and give its http:// URL"
        )
    check_start_url(url)


def _print_summary(summary: WebLoadReport) -> None:
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
            [(f.input, summary.failed_depths.get(f.input), f.reason) for f in summary.failed],
        )
    print_line(
        f"{len(summary.pages)} pages, {sum(summary.elements_by_kind.values())} elements from "
        f"{summary.start_url} in {summary.seconds:.1f} s ({summary.embedded} element texts "
        f"embedded in {summary.embed_seconds:.1f} s); {len(summary.failed)} failed."
        + (f" {len(summary.assets)} assets skipped (not pages)." if summary.assets else "")
        + (
            f" {summary.unvisited} linked pages not crawled (page or depth limit): "
            "tasks that need the whole site are not sampled from it."
            if summary.unvisited
            else ""
        )
    )
