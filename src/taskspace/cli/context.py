"""Settings and a verified graph connection for commands."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from taskspace.core.settings import Settings, load_settings
from taskspace.graph.connection import Graph


@contextmanager
def connected_graph(settings: Settings | None = None, *, schema: bool = False) -> Iterator[Graph]:
    """A Graph that has proven it can reach the database, closed on exit; with ``schema``
    (every ``kg load``), the project's schema is applied first if any of it is missing."""
    graph = Graph(settings or load_settings())
    try:
        graph.verify()
        if schema:
            _ensure_schema(graph)
        yield graph
    finally:
        graph.close()


def _ensure_schema(graph: Graph) -> None:
    from taskspace.cli.output import error_console
    from taskspace.graph.schema import ensure_schema

    report = ensure_schema(graph)
    if report is not None:
        error_console.print(
            f"The database lacked part of the taskspace schema (kg init had not run on it): "
            f"applied it ({report.constraints} constraints, {report.indexes} indexes).",
            soft_wrap=True,
        )
