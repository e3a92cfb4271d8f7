"""Which path ``kg load wikidata FILES`` takes (bulk import or transactional), and the bulk run."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from taskspace.cli.context import connected_graph
from taskspace.cli.output import console
from taskspace.cli.progress import progress_bar
from taskspace.core.settings import Settings
from taskspace.sources.wikidata.bulk import (
    BulkReport,
    bulk_load,
    check_empty,
    check_local,
    input_bytes,
    node_count,
)
from taskspace.sources.wikidata.loader import LoadOptions

MB = 1024 * 1024


@dataclass(frozen=True)
class LoadPath:
    bulk: bool
    reason: str

    @property
    def name(self) -> str:
        return "bulk" if self.bulk else "transactional"

    def describe(self) -> str:
        how = "neo4j-admin import" if self.bulk else "MERGE over Bolt"
        return f"Load path: {self.name} ({how}): {self.reason}."


def choose_path(
    settings: Settings, files: list[Path], bulk: bool, replace: bool, bulk_above_mb: int
) -> LoadPath:
    """``--bulk`` (checked: local server, empty unless ``replace``), or the automatic choice:
    bulk on an empty local database when the inputs reach ``bulk_above_mb``."""
    if bulk:
        check_local(settings)
        with connected_graph(settings) as graph:
            check_empty(graph, replace)
        return LoadPath(True, "--bulk" + (" --replace" if replace else ""))
    if not settings.uses_local_server:
        return LoadPath(False, "NEO4J_URI names a remote database")
    size = input_bytes(files)
    if size < bulk_above_mb * MB:
        return LoadPath(False, f"{size / MB:.1f} MB of input, below --bulk-above {bulk_above_mb}")
    with connected_graph(settings) as graph:
        nodes = node_count(graph)
    if nodes:
        return LoadPath(False, f"the database already holds {nodes} nodes")
    return LoadPath(
        True, f"empty local database and {size / MB:.1f} MB of input (--bulk-above {bulk_above_mb})"
    )


def run_bulk(
    settings: Settings, files: list[Path], options: LoadOptions, quiet: bool
) -> BulkReport:
    """The bulk load with a bar per file (bytes, triples/s, time left), then one per stage."""
    with progress_bar(not quiet) as progress:
        return bulk_load(settings, files, options, progress)


def print_bulk(result: BulkReport) -> None:
    report = result.report
    rate = report.triples / report.seconds if report.seconds else 0.0
    console.print(
        f"Bulk load: {report.triples} triples in {report.seconds:.1f}s ({rate:,.0f} triples/s): "
        f"CSV {result.csv_seconds:.1f}s, import {result.import_seconds:.1f}s, restart "
        f"{result.restart_seconds:.1f}s, schema {result.schema_seconds:.1f}s; "
        f"{result.aside_records} record(s) written over Bolt afterwards.",
        soft_wrap=True,
    )
