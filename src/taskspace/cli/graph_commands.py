"""``kg init``, ``kg stats`` and ``kg query``: the schema, the counts, read-only Cypher."""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any

import click

from taskspace.cli.context import connected_graph
from taskspace.cli.output import (
    console,
    error_console,
    json_option,
    print_json,
    print_table,
)
from taskspace.core.words import counted
from taskspace.graph.connection import DEFAULT_READ_TIMEOUT, read_only_query
from taskspace.graph.params import parameter_problem
from taskspace.graph.schema import apply_schema
from taskspace.graph.stats import collect_stats


@click.command()
@click.option("--timeout", default=300.0, show_default=True, help="Seconds to wait for indexes.")
@json_option
def init(timeout: float, as_json: bool) -> None:
    """Apply the graph contract (constraints, vector and full-text indexes) and derive the
    properties a graph loaded by an older taskspace lacks; idempotent."""
    from taskspace.sources.derived import refresh_derived

    with connected_graph() as graph:
        with console.status("Applying schema…", spinner="dots"):
            report = apply_schema(graph, timeout=timeout)
        with console.status("Deriving properties older loads lack…", spinner="dots"):
            refreshed = refresh_derived(graph)
    payload = {
        "statements": report.statements,
        "constraints": report.constraints,
        "indexes": report.indexes,
        "waited_seconds": report.waited_seconds,
        "derived": asdict(refreshed),
    }
    if as_json:
        print_json(payload)
        return
    console.print(
        f"Schema applied: {report.statements} statements, {report.constraints} constraints, "
        f"{report.indexes} indexes, all ONLINE."
    )
    parts = []
    if refreshed.documents:
        parts.append(
            f"quantities of {refreshed.paragraphs:,} paragraphs in "
            f"{counted(refreshed.documents, 'document')}"
        )
    if refreshed.sites:
        parts.append(
            f"page counts of {refreshed.headings:,} headings and the main headings of "
            f"{counted(refreshed.pages, 'page')} on {counted(refreshed.sites, 'site')}"
        )
    if refreshed.named:
        parts.append(f"the names tasks show of {counted(refreshed.named, 'document')}")
    if refreshed.embedded_elements:
        parts.append(
            f"the vectors of {counted(refreshed.embedded_elements, 'element')} on "
            f"{counted(refreshed.embedded_sites, 'site')}"
        )
    if parts:
        console.print(f"Derived again: {'; '.join(parts)}.")


@click.command()
@json_option
def stats(as_json: bool) -> None:
    """Nodes per label, relationships per type, and index states."""
    with connected_graph() as graph:
        result = collect_stats(graph)
    if as_json:
        print_json(result.as_dict())
        return
    print_table("Nodes per label", ["label", "count"], sorted(result.labels.items()))
    print_table("Relationships per type", ["type", "count"], sorted(result.relationships.items()))
    print_table(
        "Indexes",
        ["name", "type", "on", "state", "populated %"],
        [
            (ix["name"], ix["type"], _index_target(ix), ix["state"], ix["populationPercent"])
            for ix in result.indexes
        ],
    )
    if result.incomplete_loads:
        print_table(
            "Incomplete loads (started, never finished: load the same input again)",
            ["kind", "uri", "started"],
            [(row["kind"], row["uri"], row["started"]) for row in result.incomplete_loads],
        )
    total_rels = sum(result.relationships.values())
    incomplete = len(result.incomplete_loads)
    unfinished = f"; {counted(incomplete, 'incomplete load')}" if incomplete else ""
    console.print(
        f"{counted(result.nodes, 'node')}, {counted(total_rels, 'relationship')}{unfinished}"
    )


def _index_target(index: dict[str, Any]) -> str:
    labels = "|".join(index.get("labelsOrTypes") or [])
    props = ", ".join(index.get("properties") or [])
    return f"{labels}({props})" if labels else ""


def _parse_param(_: click.Context, __: click.Parameter, values: tuple[str, ...]) -> dict[str, Any]:
    """NAME=VALUE pairs; VALUE is JSON when it parses as JSON, else the plain string."""
    params: dict[str, Any] = {}
    for item in values:
        key, sep, raw = item.partition("=")
        if not sep or not key:
            raise click.BadParameter(f"{item!r} is not NAME=VALUE")
        if key in params:
            raise click.BadParameter(f"{key!r} is given twice")
        try:
            value = json.loads(raw)
        except json.JSONDecodeError:
            value = raw
        except RecursionError:
            raise click.BadParameter(f"{key}: the JSON value is nested too deeply") from None
        problem = parameter_problem(value)
        if problem:
            raise click.BadParameter(f"{key}: {problem}")
        params[key] = value
    return params


@click.command()
@click.argument("cypher")
@click.option(
    "-p",
    "--param",
    "params",
    multiple=True,
    callback=_parse_param,
    help="A query parameter NAME=VALUE (VALUE parsed as JSON when it can be).",
)
@click.option(
    "--limit",
    default=1000,
    show_default=True,
    type=click.IntRange(min=1),
    help="Rows to fetch and print at most; the rest is never fetched.",
)
@click.option(
    "--timeout",
    default=DEFAULT_READ_TIMEOUT,
    show_default=True,
    type=click.FloatRange(min=0, min_open=True),
    help="Seconds the query may run on the server before it is stopped.",
)
@json_option
def query(cypher: str, params: dict[str, Any], limit: int, timeout: float, as_json: bool) -> None:
    """Run a read-only Cypher query: plain reads only, bounded in time and rows.

    Writes, schema and administration commands, SHOW/TERMINATE, procedures other than
    graph reads and LOAD CSV from anything but a file:/// URL are refused before they run.
    """
    with connected_graph() as graph:
        result = read_only_query(graph, cypher, params, limit=limit, timeout=timeout)
    more = f"first {limit} rows; more exist (raise --limit to see more)"
    if as_json:
        print_json(result.rows)
        if result.more:
            error_console.print(more)
        return
    print_table("", result.keys, [[row.get(key) for key in result.keys] for row in result.rows])
    console.print(more if result.more else f"{len(result.rows)} rows")
