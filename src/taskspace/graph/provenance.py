"""``:Source`` nodes: which load a node came from (kind, uri, checksum, loaded_at, state).

A load that is killed half-way must not look finished. ``record_source`` marks the source
``'loading'``; the loader calls ``complete_source`` once everything of that input is
written, which marks it ``'complete'``. ``kg stats`` and ``kg db status`` list the sources
still loading; running the same input again completes it.
"""

from __future__ import annotations

from typing import Any

from taskspace.graph.connection import Graph
from taskspace.graph.ids import stable_id

LOADING = "loading"
COMPLETE = "complete"


def source_id(kind: str, uri: str, checksum: str | None = None) -> str:
    return stable_id("source", kind, uri, checksum or "")


def record_source(graph: Graph, kind: str, uri: str, checksum: str | None = None) -> str:
    """MERGE the :Source of a load (state 'loading' unless it completed before); its id."""
    sid = source_id(kind, uri, checksum)
    graph.write_text(
        graph.queries.text("writes/merge_source"),
        id=sid,
        kind=kind,
        uri=uri,
        checksum=checksum,
    )
    return sid


def forget_source(graph: Graph, source: str) -> None:
    """Take back the :Source of an input from which nothing was written, so that a failed
    file leaves no trace that looks like a load."""
    graph.write_text(graph.queries.text("writes/forget_source"), id=source)


def complete_source(graph: Graph, *source_ids: str) -> None:
    """Mark these loads as ended: call it when all of a source's input is written."""
    ids = [sid for sid in source_ids if sid]
    if ids:
        graph.write_text(graph.queries.text("writes/complete_source"), ids=ids)


def incomplete_sources(graph: Graph) -> list[dict[str, Any]]:
    """Sources still 'loading': kind, uri and when the load started."""
    return graph.read("graph/incomplete_sources")
