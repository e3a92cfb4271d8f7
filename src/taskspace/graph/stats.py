"""Counts per label and relationship type, index states and unfinished loads, for ``kg stats``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from taskspace.graph.connection import Graph
from taskspace.graph.names import NAME_PATTERN
from taskspace.graph.provenance import incomplete_sources


@dataclass
class GraphStats:
    nodes: int
    labels: dict[str, int] = field(default_factory=dict)
    relationships: dict[str, int] = field(default_factory=dict)
    indexes: list[dict[str, Any]] = field(default_factory=list)
    incomplete_loads: list[dict[str, Any]] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "nodes": self.nodes,
            "relationships_total": sum(self.relationships.values()),
            "labels": self.labels,
            "relationships": self.relationships,
            "indexes": self.indexes,
            "incomplete_loads": self.incomplete_loads,
        }


def _count(graph: Graph, fast: str, slow: str, slot: str, name: str) -> int:
    # Names read back from the database are still data: only valid ones enter query text.
    if NAME_PATTERN.fullmatch(name):
        return int(graph.read(fast, {slot: name})[0]["count"])
    return int(graph.read(slow, None, **{slot: name})[0]["count"])


def collect_stats(graph: Graph) -> GraphStats:
    labels = {
        row["label"]: _count(
            graph, "graph/label_count", "graph/label_count_by_param", "label", row["label"]
        )
        for row in graph.read("graph/labels")
    }
    relationships = {
        row["type"]: _count(
            graph,
            "graph/relationship_count",
            "graph/relationship_count_by_param",
            "type",
            row["type"],
        )
        for row in graph.read("graph/relationship_types")
    }
    # db.labels() also lists labels that only the schema names; a zero count is noise.
    return GraphStats(
        nodes=int(graph.read("graph/node_count")[0]["count"]),
        labels={name: count for name, count in labels.items() if count},
        relationships={name: count for name, count in relationships.items() if count},
        indexes=graph.read("graph/indexes"),
        incomplete_loads=incomplete_sources(graph),
    )
