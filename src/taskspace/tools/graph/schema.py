"""The graph's schema as it is in the database, without what holds the gold."""

from __future__ import annotations

from typing import Any

from taskspace.graph.connection import Graph
from taskspace.graph.names import NAME_PATTERN
from taskspace.graph.stats import collect_stats
from taskspace.tools.graph.gold import HIDDEN_NAMES
from taskspace.tools.graph.results import GraphSchema, IndexView

KEY_SAMPLE = 200
"""Nodes (relationships) of each label (type) whose keys are read: a label's nodes come
from one loader, so a small sample sees every key it writes."""

NOTE = (
    "Every node has an `id`. Tasks, runs and their GROUNDED_IN / ATTEMPTED relationships exist "
    "but are not readable through these tools: they hold the gold answers."
)


def hidden_indexes(graph: Graph) -> frozenset[str]:
    """Names of the indexes on hidden labels or types (``task_embedding`` …)."""
    return frozenset(
        str(row["name"])
        for row in graph.read("graph/indexes")
        if set(row["labelsOrTypes"] or ()) & HIDDEN_NAMES
    )


def read_schema(graph: Graph) -> GraphSchema:
    stats = collect_stats(graph)
    labels = {name: n for name, n in stats.labels.items() if name not in HIDDEN_NAMES}
    types = {name: n for name, n in stats.relationships.items() if name not in HIDDEN_NAMES}
    return GraphSchema(
        labels=labels,
        relationship_types=types,
        label_properties=_keys(graph, "tools/label_keys", "label", labels),
        relationship_properties=_keys(graph, "tools/type_keys", "type", types),
        indexes=[_index(row) for row in stats.indexes if not _on_hidden(row)],
        note=NOTE,
    )


def _keys(graph: Graph, query: str, slot: str, names: dict[str, int]) -> dict[str, list[str]]:
    # Names read back from the database are data: only valid ones reach query text.
    return {
        name: [row["key"] for row in graph.read(query, {slot: name}, sample=KEY_SAMPLE)]
        for name in sorted(names)
        if NAME_PATTERN.fullmatch(name)
    }


def _on_hidden(row: dict[str, Any]) -> bool:
    return bool(set(row["labelsOrTypes"] or ()) & HIDDEN_NAMES)


def _index(row: dict[str, Any]) -> IndexView:
    return IndexView(
        name=str(row["name"]),
        type=str(row["type"]),
        entity_type=str(row["entityType"]),
        labels_or_types=list(row["labelsOrTypes"] or []),
        properties=list(row["properties"] or []),
        state=str(row["state"]),
    )
