"""``kg load docs``: PDF, HTML and Markdown files into the graph, with a summary of the load."""

from __future__ import annotations

from pathlib import Path

import click

from taskspace.cli.context import connected_graph
from taskspace.cli.outcome import LoadOutcome, finish_load, refuse_missing_paths, strict_option
from taskspace.cli.output import (
    console,
    json_option,
    plain,
    print_error,
    print_json,
    print_table,
    print_warnings,
)
from taskspace.cli.progress import progress_bar
from taskspace.core.words import counted
from taskspace.sources.documents.chunking import DEFAULT_CHUNK_CHARS
from taskspace.sources.documents.loader import (
    LoadOptions,
    LoadReport,
    load_documents,
    resumed_line,
)


@click.command("docs")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option(
    "--similarity",
    default=0.75,
    show_default=True,
    type=click.FloatRange(-1.0, 1.0),
    help="Cosine similarity at or above which two chunks get a SIMILAR_TO edge.",
)
@click.option(
    "--chunk-size",
    default=DEFAULT_CHUNK_CHARS,
    show_default=True,
    type=click.IntRange(min=50),
    help="Most characters in one chunk (short sibling sections share one; a chunk never "
    "crosses into another parent's sections).",
)
@click.option(
    "--neighbours",
    default=10,
    show_default=True,
    type=click.IntRange(min=1),
    help="Nearest chunks each chunk is compared with through the vector index.",
)
@click.option(
    "--keep-copies",
    is_flag=True,
    help="Load a copy or a fragment of a document already loaded (it is named either way).",
)
@strict_option
@json_option
def docs(
    paths: tuple[Path, ...],
    similarity: float,
    chunk_size: int,
    neighbours: int,
    keep_copies: bool,
    strict: bool,
    as_json: bool,
) -> None:
    """Load documents (files or folders) as structure, chunks, embeddings and entities.
    Files not loaded are listed; the load exits 0, or 3 with --strict."""
    refuse_missing_paths(paths)
    options = LoadOptions(
        chunk_chars=chunk_size,
        similarity_threshold=similarity,
        neighbours=neighbours,
        keep_copies=keep_copies,
    )
    with connected_graph(schema=True) as graph, progress_bar(not as_json) as progress:
        report = load_documents(graph, list(paths), options=options, progress=progress)
    outcome = LoadOutcome.of(report, strict=strict)
    if as_json:
        print_json({**report.as_dict(), **outcome.as_dict()})
    else:
        print_summary(report)
    finish_load(outcome, as_json)


def print_summary(report: LoadReport) -> None:
    """The counts table, then one line per file that failed or was warned about, on stderr."""
    rows: list[tuple[str, str, int]] = [("documents", "loaded", len(report.loaded))]
    rows += [("elements", label, count) for label, count in sorted(report.elements.items())]
    rows += [("nodes", label, report.nodes[label]) for label in ("Chunk", "Entity")]
    rows += [("edges", rel_type, count) for rel_type, count in sorted(report.edges.items())]
    print_table("Documents loaded", ["what", "kind", "count"], rows)
    if report.failed:
        print_table("Files not loaded", ["file", "reason"], report.failed)
    print_warnings(report.warnings)
    if report.notes:
        print_table("Files loaded with a note", ["file", "note"], report.notes)
    for file, reused, chunks in report.resumed:
        console.print(plain(f"{file}: {resumed_line(reused, chunks)}"), soft_wrap=True)
    for file, reason in report.failed:
        print_error(f"{reason}: {file}")
    removed = (
        f"; {counted(report.nodes_removed, 'node')} and "
        f"{counted(report.relationships_removed, 'relationship')} "
        "an earlier load of these files left removed"
        if report.nodes_removed or report.relationships_removed
        else ""
    )
    console.print(
        f"{len(report.loaded)} of {report.inputs} files loaded in {report.seconds:.1f}s; "
        f"{counted(report.nodes_created, 'node')} and "
        f"{counted(report.relationships_created, 'relationship')} created{removed}."
    )
