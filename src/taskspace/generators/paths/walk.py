"""The seeded walk: from a start item along the moves the apps allow, one hop at a time.

An item's entity types are the app types whose root classes it reaches through
``P31``/``P279*``. An item that has no class the apps know (a bare director in a film
slice) takes the type the action that reached it declares, so a walk can cross it; an
item that has known classes must be of the declared type, so a TV guide's "appearances"
never lands on a film. Each hop runs a few named queries from ``metapaths/paths/``; the
results are memoised for the run, because many walks pass the same items.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from taskspace.graph.connection import Graph
from taskspace.graph.metapaths import metapath_library
from taskspace.graph.names import checked_rel_type
from taskspace.sources.wikidata.apps import Action, EntityType
from taskspace.tasks.model import StepConstraint

SAMPLE = 40
"""Targets of one move a hop looks at (by id); the fanout is always counted in full."""
TRIES = 24
"""Candidate targets a hop tries before the walk gives up at that item."""


@dataclass(frozen=True)
class AppType:
    """One entity type of one app: what it shows (attributes) and where it leads (actions)."""

    app: str
    title: str
    domain: str
    name: str
    roots: frozenset[str]
    attributes: tuple[str, ...]
    actions: tuple[Action, ...]


@dataclass(frozen=True)
class Move:
    """An action of an app type: follow ``pid`` (against it when ``reverse``)."""

    source: AppType
    action: Action
    target: AppType | None

    @property
    def key(self) -> tuple[str, bool]:
        return self.action.pid, self.action.reverse


@dataclass(frozen=True)
class Node:
    id: str
    label: str | None
    roots: frozenset[str]


class AppSpace:
    """Every app type loaded in the graph, looked up by root class."""

    def __init__(self, types: list[AppType]) -> None:
        self.types = types
        self.roots = sorted({root for t in types for root in t.roots})
        self._by_name = {(t.app, t.name): t for t in types}

    @classmethod
    def from_rows(cls, rows: Iterable[dict[str, Any]]) -> AppSpace:
        types = []
        for row in rows:
            for raw in json.loads(row["entity_types"] or "[]"):
                spec = EntityType.model_validate(raw)
                types.append(
                    AppType(
                        app=row["name"],
                        title=row["title"],
                        domain=row["domain"],
                        name=spec.name,
                        roots=frozenset(spec.root_classes),
                        attributes=tuple(spec.attributes),
                        actions=tuple(spec.actions),
                    )
                )
        return cls(types)

    def types_for(self, roots: Iterable[str]) -> list[AppType]:
        wanted = set(roots)
        return [t for t in self.types if t.roots & wanted]

    def moves(self, types: Iterable[AppType]) -> dict[tuple[str, bool], list[Move]]:
        found: dict[tuple[str, bool], list[Move]] = {}
        for source in types:
            for action in source.actions:
                checked_rel_type(action.pid)
                target = self._by_name.get((source.app, action.target or ""))
                move = Move(source, action, target)
                found.setdefault(move.key, []).append(move)
        return found


def node_types(space: AppSpace, node: Node, arrived_by: Move | None) -> list[AppType]:
    """The node's own types, or (having none) the types its arriving action declares."""
    if node.roots:
        return space.types_for(node.roots)
    if arrived_by is not None and arrived_by.target is not None:
        return space.types_for(arrived_by.target.roots)
    return []


def fits(move: Move, node: Node) -> bool:
    """A move that declares its target type may only reach items of that type (or of no
    known type at all)."""
    return move.target is None or not node.roots or bool(move.target.roots & node.roots)


@dataclass
class Step:
    """A hop the walk took, before it is told: move, both ends, how unique it was made."""

    move: Move
    source: Node
    target: Node
    fanout: int
    constraints: list[StepConstraint] = field(default_factory=list)


class Walker:
    """Named queries with a memo: the graph is read, never written, during a run."""

    def __init__(self, graph: Graph, space: AppSpace) -> None:
        self.graph = graph
        self.space = space
        self.queries = metapath_library()
        self._memo: dict[str, list[Any]] = {}
        self.refused: Counter[str] = Counter()
        """Hops a walk did not take, by why (``unlabelled_item``, ``open_world``,
        ``not_unique``), so that a run that makes fewer tasks than asked can say why."""

    def read(self, name: str, slots: dict[str, str] | None = None, **params: Any) -> list[Any]:
        """A named query's rows, read once per run for the same slots and parameters."""
        key = json.dumps([name, slots, params], sort_keys=True, default=str)
        if key not in self._memo:
            cypher = self.queries.text(f"paths/{name}", slots)
            self._memo[key] = self.graph.read_text(cypher, **params)
        return self._memo[key]

    def neighbours(
        self, node: Node, keys: Iterable[tuple[str, bool]]
    ) -> list[tuple[tuple[str, bool], int, Node]]:
        """(move key, fanout, target) for the sampled targets of each allowed move."""
        moves = list(keys)
        params: dict[str, Any] = {
            "from": node.id,
            "out": sorted({pid for pid, reverse in moves if not reverse}),
            "in": sorted({pid for pid, reverse in moves if reverse}),
            "roots": self.space.roots,
            "sample": SAMPLE,
        }
        rows = self.read("neighbours", None, **params)
        return [
            (
                (row["pid"], bool(row["reverse"])),
                int(row["fanout"]),
                Node(row["id"], row["label"], frozenset(row["roots"])),
            )
            for row in rows
        ]


def choose_move(
    moves: list[Move], target: Node, used_apps: set[str], spread: bool, rng: random.Random
) -> Move | None:
    """An app's move that fits the target; with ``spread``, one of an app not used yet."""
    fitting = sorted(
        (move for move in moves if fits(move, target)),
        key=lambda m: (m.source.app, m.source.name, m.action.name),
    )
    if spread and any(move.source.app not in used_apps for move in fitting):
        fitting = [move for move in fitting if move.source.app not in used_apps]
    return rng.choice(fitting) if fitting else None


def ordered_candidates(
    options: list[tuple[tuple[str, bool], int, Node]],
    moves: dict[tuple[str, bool], list[Move]],
    visited: set[str],
    used_apps: set[str],
    spread: bool,
    rng: random.Random,
) -> list[tuple[tuple[str, bool], int, Node]]:
    """Unvisited targets in a seeded order that takes each move in turn (so a film's
    thirty cast members do not crowd out its one director); with ``spread``, moves a new
    app offers come first."""
    by_key: dict[tuple[str, bool], list[tuple[tuple[str, bool], int, Node]]] = {}
    for option in options:
        if option[2].id not in visited and option[0] in moves:
            by_key.setdefault(option[0], []).append(option)
    keys = sorted(by_key)
    rng.shuffle(keys)
    if spread:
        keys.sort(key=lambda key: all(m.source.app in used_apps for m in moves[key]))
    for key in keys:
        rng.shuffle(by_key[key])
    depth = max((len(group) for group in by_key.values()), default=0)
    return [by_key[key][i] for i in range(depth) for key in keys if i < len(by_key[key])]
