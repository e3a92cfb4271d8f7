"""``:Source`` nodes: which load a node came from (kind, uri, checksum, loaded_at)."""

from __future__ import annotations

from taskspace.graph.connection import Graph
from taskspace.graph.ids import stable_id


def source_id(kind: str, uri: str, checksum: str | None = None) -> str:
    return stable_id("source", kind, uri, checksum or "")


def record_source(graph: Graph, kind: str, uri: str, checksum: str | None = None) -> str:
    """MERGE the :Source of a load and return its id; loading again changes nothing."""
    sid = source_id(kind, uri, checksum)
    graph.write_text(
        graph.queries.text("writes/merge_source"),
        id=sid,
        kind=kind,
        uri=uri,
        checksum=checksum,
    )
    return sid
