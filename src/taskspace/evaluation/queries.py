"""The named result queries in ``cypher/eval/`` (the ``merge_*`` writers excepted)."""

from __future__ import annotations

from dataclasses import dataclass

from taskspace.core.errors import UserError
from taskspace.core.resources import resource_dir
from taskspace.graph.connection import Graph, Record

PARAMS: dict[str, dict[str, object]] = {"failures_by_edge_type": {"agent": None}}
"""Defaults of each query's parameters (all optional)."""


@dataclass(frozen=True)
class NamedQuery:
    name: str
    description: str


def eval_queries() -> list[NamedQuery]:
    found = []
    for path in sorted((resource_dir("cypher") / "eval").glob("*.cypher")):
        if path.stem.startswith("merge_"):
            continue
        lines = path.read_text(encoding="utf-8").splitlines()
        comment = " ".join(
            line.lstrip("/ ").strip() for line in lines if line.startswith("//")
        ).strip()
        found.append(NamedQuery(path.stem, comment))
    return found


def run_eval_query(graph: Graph, name: str, **params: object) -> list[Record]:
    known = {query.name for query in eval_queries()}
    if name not in known:
        raise UserError(f"no eval query {name!r} (queries: {', '.join(sorted(known))})")
    values = {**PARAMS.get(name, {}), **params}
    return graph.read(f"eval/{name}", None, **values)
