"""Settings and a verified graph connection for commands."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from taskspace.core.settings import Settings, load_settings
from taskspace.graph.connection import Graph


@contextmanager
def connected_graph(settings: Settings | None = None) -> Iterator[Graph]:
    """A Graph that has proven it can reach the database, closed on exit."""
    graph = Graph(settings or load_settings())
    try:
        graph.verify()
        yield graph
    finally:
        graph.close()
