"""Applies ``cypher/schema.cypher`` and waits until every index is ONLINE."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass

from taskspace.graph.connection import Graph
from taskspace.graph.errors import GraphError


@dataclass
class SchemaReport:
    statements: int
    constraints: int
    indexes: int
    waited_seconds: float


def apply_schema(graph: Graph, timeout: float = 300.0) -> SchemaReport:
    """Run every schema statement (each is IF NOT EXISTS, so a second run changes nothing)."""
    statements = graph.queries.statements("schema")
    for statement in statements:
        graph.run_autocommit(statement)
    started = time.monotonic()
    wait_for_indexes(graph, timeout)
    waited = time.monotonic() - started
    return SchemaReport(
        statements=len(statements),
        constraints=len(graph.read("graph/constraints")),
        indexes=len(graph.read("graph/indexes")),
        waited_seconds=round(waited, 2),
    )


_SCHEMA_NAME = re.compile(
    r"^\s*CREATE\s+(?:\w+\s+)*?(?:CONSTRAINT|INDEX)\s+(\w+)\s+IF\s+NOT\s+EXISTS", re.I
)


def missing_schema(graph: Graph) -> list[str]:
    """Names of the project's constraints and indexes the database does not have."""
    wanted = [
        match.group(1)
        for statement in graph.queries.statements("schema")
        if (match := _SCHEMA_NAME.match(statement))
    ]
    present = {row["name"] for row in graph.read("graph/indexes")}
    present |= {row["name"] for row in graph.read("graph/constraints")}
    return [name for name in wanted if name not in present]


def ensure_schema(graph: Graph, timeout: float = 300.0) -> SchemaReport | None:
    """Apply the schema when any part of it is missing, else do nothing (None).

    Loads call this so that a database on which ``kg init`` never ran (a new
    TASKSPACE_HOME, a remote NEO4J_URI) is not refused halfway through a load: the
    document loader finds entities through a full-text index, and every MERGE relies on
    a uniqueness constraint to be fast and single."""
    if not missing_schema(graph):
        return None
    return apply_schema(graph, timeout=timeout)


def wait_for_indexes(graph: Graph, timeout: float) -> None:
    """Poll index states; a FAILED index or the timeout is an error naming the indexes."""
    deadline = time.monotonic() + timeout
    while True:
        indexes = graph.read("graph/indexes")
        failed = [ix["name"] for ix in indexes if ix["state"] == "FAILED"]
        if failed:
            raise GraphError(f"index population FAILED for: {', '.join(failed)}")
        pending = [ix["name"] for ix in indexes if ix["state"] != "ONLINE"]
        if not pending:
            return
        if time.monotonic() > deadline:
            raise GraphError(f"indexes still not ONLINE after {timeout:.0f}s: {', '.join(pending)}")
        time.sleep(0.2)
