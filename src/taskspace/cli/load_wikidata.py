"""``kg load wikidata``: RDF dumps, entity JSON, a live SPARQL expansion, app spaces."""

from __future__ import annotations

from pathlib import Path

import click
from rich.markup import escape

from taskspace.cli.context import connected_graph
from taskspace.cli.load_wikidata_bulk import LoadPath, choose_path, print_bulk, run_bulk
from taskspace.cli.outcome import (
    LoadOutcome,
    finish_load,
    print_bad_records,
    refuse_missing_paths,
    strict_option,
    write_bad_records,
)
from taskspace.cli.output import console, json_option, print_json, print_table
from taskspace.cli.progress import progress_bar
from taskspace.core.settings import load_settings
from taskspace.core.words import counted
from taskspace.graph.load_report import LoadReport as AnyLoadReport
from taskspace.sources.wikidata.apps import AppsReport, find_app, load_apps
from taskspace.sources.wikidata.bulk import BULK_THRESHOLD_BYTES
from taskspace.sources.wikidata.errors import WikidataLoadError
from taskspace.sources.wikidata.inputs import FORMATS
from taskspace.sources.wikidata.loader import LoadOptions, LoadReport, load_files
from taskspace.sources.wikidata.sparql import Expansion, load_sparql


@click.command("wikidata")
@click.argument("files", nargs=-1, type=click.Path(path_type=Path))
@click.option("--lang", default="en", show_default=True, help="Language of label/description.")
@click.option(
    "--format",
    "fmt",
    default="auto",
    show_default=True,
    type=click.Choice(FORMATS),
    help=(
        "Input format; auto reads it from the suffix (.nt, .ttl, .json/.jsonl/.ndjson, .tsv; "
        ".gz/.bz2 too). json tells entity JSON from triple JSON lines by the first record; "
        "entity-json and triples-json force one; kgtk is a KGTK edge or label file."
    ),
)
@click.option("--batch-size", default=5000, show_default=True, type=click.IntRange(min=1))
@click.option("--sparql", "endpoint", help="SPARQL endpoint URL to expand from --seed items.")
@click.option("--seed", "seeds", multiple=True, help="Seed item (QID) for --sparql; repeatable.")
@click.option("--hops", default=1, show_default=True, type=click.IntRange(min=0, max=5))
@click.option("--app", "app_name", help="Keep only neighbours inside this app's root classes.")
@click.option("--max-items", default=500, show_default=True, type=click.IntRange(min=1))
@click.option("--apps", "with_apps", is_flag=True, help="Load the app information spaces.")
@click.option(
    "--bulk",
    is_flag=True,
    help="Load FILES with Neo4j's offline importer: local server, empty database (see --replace).",
)
@click.option(
    "--replace", is_flag=True, help="With --bulk: replace a database that already holds data."
)
@click.option(
    "--bulk-above",
    "bulk_above_mb",
    default=BULK_THRESHOLD_BYTES // 2**20,
    show_default=True,
    type=click.IntRange(min=0),
    help="Without --bulk: FILES of at least this many MB in all go through the importer when "
    "the local database is empty.",
)
@click.option(
    "--apps-path",
    "apps_paths",
    multiple=True,
    type=click.Path(path_type=Path),
    help="App space YAML files or folders (default: loaders/apps); used by --apps and --app.",
)
@strict_option
@json_option
def wikidata(
    files: tuple[Path, ...],
    lang: str,
    fmt: str,
    batch_size: int,
    endpoint: str | None,
    seeds: tuple[str, ...],
    hops: int,
    app_name: str | None,
    max_items: int,
    with_apps: bool,
    bulk: bool,
    replace: bool,
    bulk_above_mb: int,
    apps_paths: tuple[Path, ...],
    strict: bool,
    as_json: bool,
) -> None:
    """Load Wikidata FILES or folders (N-Triples, Turtle/WDQS dumps, entity JSON and JSON
    dumps, triple JSON lines, KGTK edges; .gz/.bz2 too), a SPARQL expansion (--sparql URL
    --seed Q.. --hops N --app NAME) and/or the app spaces (--apps). Exits 1 when no file
    loaded anything; a partial load exits 0, or 3 with --strict. FILES go through Neo4j's
    offline importer with --bulk, or by themselves on an empty local database when they
    reach --bulk-above MB; the path taken is said."""
    if seeds and not endpoint:
        raise WikidataLoadError("--seed needs --sparql URL")
    if not (files or endpoint or with_apps):
        raise WikidataLoadError("nothing to load: give FILES, --sparql URL --seed QID, or --apps")
    if endpoint and not seeds:
        raise WikidataLoadError("--sparql needs at least one --seed QID")
    if (bulk or replace) and not files:
        raise WikidataLoadError("--bulk and --replace need FILES")
    if replace and not bulk:
        raise WikidataLoadError("--replace goes with --bulk (it replaces the whole database)")
    if not (endpoint or with_apps):
        refuse_missing_paths(files)
    options = LoadOptions(lang=lang, fmt=fmt, batch_size=batch_size)
    paths = list(apps_paths) or None
    app = find_app(app_name, paths) if app_name else None
    output: dict[str, object] = {}
    apps_report: AppsReport | None = None
    report: LoadReport | None = None
    path: LoadPath | None = None
    if files:
        settings = load_settings()
        path = choose_path(settings, list(files), bulk, replace, bulk_above_mb)
        output["path"] = {"name": path.name, "reason": path.reason}
        if not as_json:
            console.print(path.describe(), soft_wrap=True)
    if path is not None and path.bulk:
        bulk_result = run_bulk(settings, list(files), options, as_json)
        report = bulk_result.report
        output["files"] = report.as_dict()
    with connected_graph(schema=True) as graph:
        if with_apps:
            apps_report = load_apps(graph, paths)
            output["apps"] = apps_report.as_dict()
            if not as_json:
                _print_apps(apps_report)
        if files and not (path is not None and path.bulk):
            with progress_bar(not as_json) as progress:
                report = load_files(graph, list(files), options, progress)
            output["files"] = report.as_dict()
        sparql_report: LoadReport | None = None
        if endpoint:
            sparql_report, expansion = load_sparql(
                graph, endpoint, seeds, hops, app, options, max_items=max_items
            )
            output["sparql"] = {**sparql_report.as_dict(), "expansion": expansion.as_dict()}
    records_file = write_bad_records(
        [record for part in (report, sparql_report) if part for record in part.bad_records()]
    )
    if not as_json:
        if report is not None:
            _print_report("Wikidata files", report, records_file)
            if path is not None and path.bulk:
                print_bulk(bulk_result)
        if sparql_report is not None:
            _print_expansion(expansion)
            _print_report("SPARQL expansion", sparql_report, records_file)
    # The last line speaks for the files and the app spaces together: a bad app file is
    # one input not loaded, like a bad dump (the others still load).
    parts = [part for part in (report, apps_report) if part is not None]
    if parts:
        outcome = LoadOutcome.of(_together(parts), records_file=records_file, strict=strict)
        output.update(outcome.as_dict())
    if as_json:
        print_json(output)
    if parts:
        finish_load(outcome, as_json)


def _together(reports: list[LoadReport | AppsReport]) -> AnyLoadReport:
    """The inputs and skipped records of several reports, for one last line."""
    whole = AnyLoadReport()
    for part in reports:
        whole.loaded += part.loaded
        whole.failed += part.failed
        whole.error_count += part.error_count
    return whole


def _print_report(title: str, report: LoadReport, records_file: Path | None) -> None:
    data = report.as_dict(top=10)
    rows = [
        (key, data[key])
        for key in ("triples", "entities", "items", "properties", "statements", "literals")
    ]
    rows += [("claims", data["claims"]), ("errors", data["errors"])]
    if report.triples:  # every triple read is kept, ignored (by reason) or rejected
        kept = sum(report.kept_triples.values())
        rows[1:1] = [
            ("  kept", kept),
            ("  ignored", report.ignored_triples),
            ("  rejected (bad)", report.rejected_triples),
        ]
    print_table(title, ["what", "count"], rows)
    if report.ignored_by_reason or report.not_written:
        print_table(
            "Read but not written, by reason",
            ["reason", "count"],
            [*report.ignored_by_reason.most_common(), *report.not_written.most_common()],
        )
    if report.claims:
        print_table(
            "Claims by property (top 10)", ["property", "claims"], report.claims.most_common(10)
        )
    print_bad_records(report.bad_records(), records_file)
    if report.failed:
        console.print("Files not loaded:", style="bold")
        for file, reason in report.failed:  # one unwrapped line each, for grep
            console.print(f"  {escape(file)}: {escape(reason)}", soft_wrap=True)
    console.print(
        f"{counted(len(report.loaded), 'input')} in {report.seconds:.1f}s: "
        f"{counted(report.nodes_created, 'node')} and "
        f"{counted(report.relationships_created, 'relationship')} created."
    )


def _print_expansion(expansion: Expansion) -> None:
    print_table("Expansion", ["what", "value"], list(expansion.as_dict().items()))


def _print_apps(report: AppsReport) -> None:
    print_table(
        "App information spaces",
        ["what", "value"],
        [
            ("files", len(report.loaded)),
            ("apps", ", ".join(report.apps)),
            ("root classes", report.root_classes),
        ],
    )
    if report.failed:
        print_table("App files not loaded", ["file", "reason"], report.failed)
