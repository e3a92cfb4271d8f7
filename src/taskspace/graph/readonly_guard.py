"""What user-written Cypher may do before it is run read-only (``kg query``, agents' tools).

A READ session stops writes, but the server plans ``SHOW SETTINGS``, ``TERMINATE
TRANSACTIONS``, ``CALL db.stats.clear(...)`` or ``LOAD CSV FROM 'http://…'`` as reads too.
So the plan that ``EXPLAIN`` returns is checked against what a harmless read needs: the
server's own query type, the operators in the plan, the procedures it calls, and the URLs
that ``LOAD CSV`` would open. The local server also blocks every network address for
``LOAD CSV`` in its configuration; this check is the same rule for any other database.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from taskspace.graph.errors import QueryRefusedError

READ_PROCEDURES = frozenset(
    {
        "db.labels",
        "db.relationshipTypes",
        "db.propertyKeys",
        "db.schema.visualization",
        "db.schema.nodeTypeProperties",
        "db.schema.relTypeProperties",
        "db.index.fulltext.queryNodes",
        "db.index.fulltext.queryRelationships",
        "db.index.vector.queryNodes",
        "db.index.vector.queryRelationships",
        "db.info",
        "db.ping",
    }
)
"""Procedures that only read the graph; any other procedure is refused."""

_REFUSED_OPERATOR_PREFIXES = ("Show", "Terminate", "Transaction", "Administration")
"""SHOW …, TERMINATE …, CALL {…} IN TRANSACTIONS and administration commands."""

ALLOWED_URL_PREFIX = "file:///"
"""LOAD CSV may read files from the server's import folder, never a network address."""

REFUSAL = (
    "Refused: {what} is not allowed; Cypher here is read-only, for plain reads of the graph (no "
    "writes, schema or administration commands, SHOW/TERMINATE, procedures that are not "
    "graph reads, or LOAD CSV from anything but a file:/// URL)."
)


@dataclass(frozen=True)
class PlanFacts:
    """What a plan does, gathered from its operator tree."""

    operators: tuple[str, ...]
    procedures: tuple[str, ...]
    load_csv: int


class ReadPolicy(Protocol):
    """A caller's own rules on top of the harmless-read check (agents' tools keep the gold
    out of reach): it sees the statement and its plan before the run, and every value the
    run returns before it is shown. Each method raises QueryRefusedError to refuse."""

    def check_statement(
        self, cypher: str, params: Mapping[str, Any], plan: Mapping[str, Any] | None
    ) -> None: ...

    def check_value(self, value: Any) -> None: ...


def plan_operators(plan: Mapping[str, Any] | None) -> Iterator[tuple[str, str]]:
    """(operator, details) for every step of a plan, e.g. ("Expand(All)", "(c)<-[r]-(t)")."""
    for node in _walk(plan):
        operator = str(node.get("operatorType", "")).split("@", 1)[0]
        yield operator, str((node.get("args") or {}).get("Details", ""))


def cypher_tokens(cypher: str) -> list[str]:
    """The statement's tokens: comments dropped, strings and `quoted names` kept whole."""
    return list(_tokens(cypher))


def plan_facts(plan: Mapping[str, Any] | None) -> PlanFacts:
    operators: list[str] = []
    procedures: list[str] = []
    for operator, details in plan_operators(plan):
        operators.append(operator)
        if operator == "ProcedureCall":
            procedures.append(details.split("(", 1)[0].strip())
    return PlanFacts(tuple(operators), tuple(procedures), operators.count("LoadCSV"))


def _walk(plan: Mapping[str, Any] | None) -> Iterator[Mapping[str, Any]]:
    if not plan:
        return
    yield plan
    for child in plan.get("children") or []:
        yield from _walk(child)


def check_plan(cypher: str, query_type: str | None, facts: PlanFacts) -> None:
    """Raise QueryRefusedError unless the planned statement is a harmless read."""
    if query_type != "r":
        kinds = {"w": "a write", "rw": "a write", "s": "a schema or administration command"}
        raise QueryRefusedError(REFUSAL.format(what=kinds.get(query_type or "", "this statement")))
    for operator in facts.operators:
        if operator.startswith(_REFUSED_OPERATOR_PREFIXES):
            raise QueryRefusedError(REFUSAL.format(what=f"the plan step {operator}"))
    for procedure in facts.procedures:
        if procedure not in READ_PROCEDURES:
            raise QueryRefusedError(REFUSAL.format(what=f"CALL {procedure}"))
    if facts.load_csv:
        check_load_csv_urls(cypher, facts.load_csv)


def check_load_csv_urls(cypher: str, expected: int) -> None:
    """Every ``LOAD CSV … FROM`` must name a ``file:///`` URL as a string literal.

    A URL from a parameter or an expression cannot be checked before the server opens it,
    so it is refused. The tokens come from a small lexer that skips comments and reads
    strings whole, so neither can hide a clause from the check.
    """
    tokens = list(_tokens(cypher))
    found = 0
    for index, token in enumerate(tokens):
        if token.upper() != "LOAD" or _upper(tokens, index + 1) != "CSV":
            continue
        position = index + 2
        if _upper(tokens, position) == "WITH" and _upper(tokens, position + 1) == "HEADERS":
            position += 2
        if _upper(tokens, position) != "FROM":
            continue
        found += 1
        url = tokens[position + 1] if position + 1 < len(tokens) else ""
        if not (url[:1] in "'\"" and len(url) >= 2 and url[0] == url[-1]):
            raise QueryRefusedError(
                REFUSAL.format(what="LOAD CSV from a URL that is not a literal file:/// URL")
            )
        text = url[1:-1]
        if not text.lower().startswith(ALLOWED_URL_PREFIX):
            raise QueryRefusedError(REFUSAL.format(what=f"LOAD CSV from {text!r}"))
    if found < expected:
        raise QueryRefusedError(REFUSAL.format(what="a LOAD CSV whose URL cannot be checked"))


def _upper(tokens: list[str], index: int) -> str:
    return tokens[index].upper() if index < len(tokens) else ""


_TOKEN = re.compile(
    r"""
    (?P<space>\s+)
  | (?P<line_comment>//[^\n]*)
  | (?P<block_comment>/\*.*?(?:\*/|\Z))
  | (?P<string>'(?:[^'\\]|\\.)*(?:'|\Z)|"(?:[^"\\]|\\.)*(?:"|\Z))
  | (?P<quoted>`(?:[^`]|``)*(?:`|\Z))
  | (?P<word>[A-Za-z_][A-Za-z0-9_]*)
  | (?P<other>.)
    """,
    re.VERBOSE | re.DOTALL,
)


def _tokens(cypher: str) -> Iterator[str]:
    for match in _TOKEN.finditer(cypher):
        kind = match.lastgroup
        if kind in ("space", "line_comment", "block_comment"):
            continue
        yield match.group()
