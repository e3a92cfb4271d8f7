"""What keeps tasks' gold out of the graph tools' reach.

Tasks (``:Task``), evaluation runs (``:Run``) and the edges that tie them to the graph
(``GROUNDED_IN``, ``ATTEMPTED``) hold the gold answers and the grounding. The named
queries behind the tools never touch them; user-written Cypher (``read_cypher``) is held
by :class:`GoldPolicy`, which checks the statement, the server's plan and every value the
run returns, because a name check alone is bypassed by an untyped walk
(``MATCH (c:Chunk)<-[r]-(t) RETURN properties(t)``) or a scan of all nodes.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from neo4j.graph import Node, Path, Relationship

from taskspace.graph.errors import QueryRefusedError
from taskspace.graph.readonly_guard import cypher_tokens, plan_operators

HIDDEN_LABELS = frozenset({"Task", "Run"})
HIDDEN_TYPES = frozenset({"GROUNDED_IN", "ATTEMPTED"})
HIDDEN_NAMES = HIDDEN_LABELS | HIDDEN_TYPES

UNBOUNDED_OPERATORS = frozenset(
    {
        "AllNodesScan",
        "NodeByIdSeek",
        "NodeByElementIdSeek",
        "DirectedAllRelationshipsScan",
        "UndirectedAllRelationshipsScan",
        "DirectedRelationshipByIdSeek",
        "UndirectedRelationshipByIdSeek",
        "DirectedRelationshipByElementIdSeek",
        "UndirectedRelationshipByElementIdSeek",
    }
)
"""Plan steps that reach nodes or relationships whatever their label or type."""

INDEX_PROCEDURES = frozenset({"queryNodes", "queryRelationships"})
"""``db.index.fulltext.*`` and ``db.index.vector.*``: they read whatever the index covers."""

_RELATIONSHIP = re.compile(r"\)\s*<?-(?:\[([^\]]*)\])?->?\s*\(")
"""A relationship in a plan step's details: ``(c)<-[r]-(t)``, ``(a)-[:NEXT*..2]->(b)``, or the
bare ``(s)<--()`` of a degree count; group 1 is the bracket's content, if any."""
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")

REFUSED = (
    "Refused: {what}. Tasks, runs and the GROUNDED_IN and ATTEMPTED relationships hold the "
    "gold answers, so queries here may only reach nodes through labels and relationship "
    "types they name (use neighbours() for an untyped look around one node)."
)


def refuse(what: str) -> QueryRefusedError:
    return QueryRefusedError(REFUSED.format(what=what))


class GoldPolicy:
    """The read policy of agents' Cypher (see :class:`taskspace.graph.readonly_guard.ReadPolicy`).

    ``hidden_indexes`` returns the names of the indexes on hidden labels or types; it is
    asked only when a statement calls an index procedure.
    """

    def __init__(self, hidden_indexes: Callable[[], frozenset[str]]) -> None:
        self._hidden_indexes = hidden_indexes

    def check_statement(
        self, cypher: str, params: Mapping[str, Any], plan: Mapping[str, Any] | None
    ) -> None:
        tokens = cypher_tokens(cypher)
        named = _hidden_in(token.strip("`") for token in tokens if token[:1] not in "'\"")
        if named:
            raise refuse(f"the query names {named}")
        index_calls = 0
        for operator, details in plan_operators(plan):
            _check_step(operator, details)
            if operator == "ProcedureCall" and details.startswith("db.index."):
                index_calls += 1
        if index_calls:
            self._check_index_names(tokens, index_calls)

    def check_value(self, value: Any) -> None:
        """Refuse a result holding a hidden node or relationship, however it got there."""
        if isinstance(value, Node):
            named = _hidden_in(value.labels)
            if named:
                raise refuse(f"the result holds a {named} node")
        elif isinstance(value, Relationship):
            if value.type in HIDDEN_TYPES:
                raise refuse(f"the result holds a {value.type} relationship")
            for end in (value.start_node, value.end_node):
                if end is not None:
                    self.check_value(end)
        elif isinstance(value, Path):
            for part in (*value.nodes, *value.relationships):
                self.check_value(part)
        elif isinstance(value, Mapping):
            for item in value.values():
                self.check_value(item)
        elif isinstance(value, list | tuple):
            for item in value:
                self.check_value(item)

    def _check_index_names(self, tokens: list[str], expected: int) -> None:
        """Every index procedure must name its index as a string literal of a visible index.

        A name built from an expression or a parameter cannot be checked before it runs.
        """
        hidden = self._hidden_indexes()
        found = 0
        for index, token in enumerate(tokens):
            if token not in INDEX_PROCEDURES or tokens[index + 1 : index + 2] != ["("]:
                continue
            found += 1
            name = tokens[index + 2] if index + 2 < len(tokens) else ""
            if name[:1] not in "'\"" or tokens[index + 3 : index + 4] != [","]:
                raise refuse("an index procedure whose index is not a literal name")
            if name[1:-1] in hidden:
                raise refuse(f"the index {name[1:-1]!r} covers tasks or runs")
        if found < expected:
            raise refuse("an index procedure whose index cannot be checked")


def _check_step(operator: str, details: str) -> None:
    if operator in UNBOUNDED_OPERATORS:
        raise refuse(f"the plan step {operator} reaches nodes whatever their label")
    named = _hidden_in(_NAME.findall(details))
    if named:
        raise refuse(f"the plan step {operator} reaches {named}")
    for relationship in _RELATIONSHIP.finditer(details):
        inside = relationship.group(1)
        if inside is None or ":" not in inside:
            raise refuse(
                f"the plan step {operator} follows relationships of any type ({details.strip()})"
            )


def _hidden_in(names: Iterable[str]) -> str | None:
    for name in names:
        if name in HIDDEN_NAMES:
            return name
    return None
