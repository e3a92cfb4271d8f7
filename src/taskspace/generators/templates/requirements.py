"""A template's declared subgraph, enforced: candidates whose grounding falls short are dropped.

GRAPH2EVAL's templates declare what a task needs from the graph (node labels, edge
types, a node count range, a hop limit). Every candidate row names its grounded nodes
(the ``grounded`` column, ``{label, id}`` maps); one query per template and batch
(``templates/requirements``; all templates of a sample in one transaction) checks them
against the declaration:

- ``labels``: every declared node label is carried by a grounded node;
- ``node_count``: the number of distinct grounded nodes is within ``node_count``;
- ``hops``: every grounded node is within ``max_hops`` of the anchor along the declared
  ``edges`` and ``via`` types, in either direction (the template's metapath, so that a
  shortcut through a chunk or an entity hub does not count); with none declared, along
  any edge;
- ``edges``: every declared edge type lies on one of those paths, joins two grounded
  nodes, or alone links the anchor to a grounded node within ``max_hops``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from taskspace.generators.templates.reads import READ_WORKERS
from taskspace.generators.templates.templates import Subgraph
from taskspace.graph.connection import Graph, Record

HUB_LABELS = ("Entity", "Chunk")
"""Labels whose nodes a large graph links to from everywhere (an entity is mentioned in
every copy of a document): a template that grounds them has its grounded nodes looked
for around the anchor before any shortest-path search (``templates/requirements``)."""

FAILURES = ("labels", "node_count", "hops", "edges")
"""Why a candidate fails its template's declaration, in the order they are reported."""


def grounded_ids(row: dict[str, Any], columns: Sequence[str]) -> list[str]:
    """The distinct ids of the ``{label, id}`` maps in the row's grounding columns."""
    ids: dict[str, None] = {}
    for column in columns:
        value = row.get(column) or []
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, dict) and item.get("id"):
                ids.setdefault(str(item["id"]), None)
    return list(ids)


def check_requirements(
    graph: Graph, subgraph: Subgraph, rows: Sequence[dict[str, Any]], columns: Sequence[str]
) -> list[str | None]:
    """For each row, in order, the first declared requirement it fails (one of
    :data:`FAILURES`), or None when it meets them all. One query for the batch."""
    return check_requirements_many(graph, [(subgraph, rows, columns)])[0]


Batch = tuple[Subgraph, Sequence[dict[str, Any]], Sequence[str]]
"""One template's declaration, its candidate rows and their grounding columns."""


def check_requirements_many(graph: Graph, batches: Sequence[Batch]) -> list[list[str | None]]:
    """:func:`check_requirements` for the candidates of many templates: one query per
    template, in :data:`READ_WORKERS` read transactions for a whole sample."""
    checks = RequirementChecks(graph, batches)
    return checks.verdicts(graph.read_texts(checks.calls, workers=READ_WORKERS))


class RequirementChecks:
    """The requirement queries for many templates' candidates, and their verdicts from
    the answers: run alone (:func:`check_requirements_many`) or in one batch of reads with
    other queries (a sample checks and re-derives the candidates MMR puts forward at once).

    Each template keeps its own query parameters: with the declared types as row values
    instead, Neo4j could not check them during the shortest-path search and ran 1.7×
    slower."""

    def __init__(self, graph: Graph, batches: Sequence[Batch]) -> None:
        self.batches = batches
        self.ids = [[grounded_ids(row, columns) for row in rows] for _, rows, columns in batches]
        query = graph.queries.text("templates/requirements")
        self.calls: list[tuple[str, dict[str, Any]]] = [
            (query, requirement_params(subgraph, rows, self.ids[number]))
            for number, (subgraph, rows, _) in enumerate(batches)
            if rows
        ]
        """One query per template that has rows, in order."""

    def verdicts(self, found: Sequence[Sequence[Record]]) -> list[list[str | None]]:
        """For each batch, for each row in order, the first requirement it fails or None;
        ``found`` holds the records of :attr:`calls`, in their order."""
        results = iter(found)
        checked: list[list[str | None]] = []
        for number, (subgraph, rows, _) in enumerate(self.batches):
            by_key = {int(item["key"]): item for item in next(results)} if rows else {}
            low, high = subgraph.node_count
            wanted = self.ids[number]
            checked.append(
                [
                    _failure(by_key.get(index), len(wanted[index]), low, high, subgraph.max_hops)
                    for index in range(len(rows))
                ]
            )
        return checked


def requirement_params(
    subgraph: Subgraph, rows: Sequence[dict[str, Any]], ids: Sequence[list[str]]
) -> dict[str, Any]:
    """The parameters of ``templates/requirements`` for one template's rows and their
    grounded ids."""
    return {
        "rows": [
            {"key": index, "anchor": str(row["anchor"]), "ids": ids[index]}
            for index, row in enumerate(rows)
        ],
        "labels": subgraph.nodes,
        "edges": subgraph.edges,
        "reach": subgraph.edges + subgraph.via,
        "hops": subgraph.max_hops,
        "around": any(label in HUB_LABELS for label in subgraph.nodes),
    }


def _failure(
    result: dict[str, Any] | None, wanted: int, low: int, high: int, hops: int
) -> str | None:
    if result is None:
        return "labels"  # no grounded node exists any more
    if result["missing_labels"]:
        return "labels"
    if not low <= int(result["count"]) <= high or int(result["count"]) < wanted:
        return "node_count"
    farthest = result["farthest"]
    if int(result["reached"]) < int(result["count"]) or (farthest is not None and farthest > hops):
        return "hops"
    if result["missing_edges"]:
        return "edges"
    return None
