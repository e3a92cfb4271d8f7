"""Routes episodes can vouch for: chains of transitions taken one right after the other.

The page graph joins transitions at screens, and a screen can merge pages that only look
alike (a dialog opened over two different lists is one screen), so a shortest path through
the graph may step out of one episode's dialog into another episode's list, a route no one
ever took. Here a route may continue with a transition only where some episode took that
transition right after the previous one (its ``walk``), so every junction of a route was
seen. Routes are searched breadth first: the first level that reaches a goal screen gives
the shortest routes, and the route ends at the first screen that is the goal.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

KEEP = 2
"""Routes kept per transition and level: the first (by edge keys) and one other action
sequence, enough to tell whether the shortest route is the only one."""


@dataclass(frozen=True)
class Hop:
    """One ``TRANSITION``: its action queue and the tasks of the episodes that took it."""

    key: str
    start: str
    end: str
    actions: tuple[str, ...]
    kinds: tuple[str, ...]
    tasks: tuple[str, ...]


@dataclass(frozen=True)
class Route:
    hops: tuple[Hop, ...]

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(hop.key for hop in self.hops)

    @property
    def actions(self) -> tuple[str, ...]:
        return tuple(action for hop in self.hops for action in hop.actions)

    @property
    def screens(self) -> tuple[str, ...]:
        return (self.hops[0].start, *(hop.end for hop in self.hops))


@dataclass(frozen=True)
class Found:
    """The shortest routes to a goal: ``route`` first by edge keys; ``unique`` when every
    shortest route takes the same actions."""

    route: Route
    unique: bool


class Walks:
    """An app's transitions and which one episodes took right after which."""

    def __init__(self, hops: Iterable[Hop], walks: Iterable[Sequence[str]]):
        self.hops = {hop.key: hop for hop in hops}
        self.leaving: dict[str, list[Hop]] = defaultdict(list)
        for hop in sorted(self.hops.values(), key=lambda h: h.key):
            if hop.start != hop.end:
                self.leaving[hop.start].append(hop)
        self.after: dict[str, set[str]] = defaultdict(set)
        for walk in walks:
            for first, second in itertools.pairwise(walk):
                a, b = self.hops.get(first), self.hops.get(second)
                if a and b and a.end == b.start and b.start != b.end:
                    self.after[first].add(second)

    def starts(self) -> set[str]:
        """Screens a route can leave from."""
        return set(self.leaving)

    def reachable(self, start: str, max_hops: int) -> dict[str, int]:
        """Every screen a vouched-for route from ``start`` reaches, with its fewest hops."""
        seen: dict[str, int] = {}
        level = {hop.key for hop in self.leaving.get(start, [])}
        done: set[str] = set()
        for depth in range(1, max_hops + 1):
            for key in sorted(level):
                seen.setdefault(self.hops[key].end, depth)
            done |= level
            level = {nxt for key in level for nxt in self.after[key]} - done
        seen.pop(start, None)
        return seen

    def shortest(self, start: str, goals: set[str], max_hops: int) -> Found | None:
        """The shortest vouched-for routes from ``start`` to the first screen in ``goals``."""
        if start in goals:
            return None
        paths: dict[str, list[Route]] = {
            hop.key: [Route((hop,))] for hop in self.leaving.get(start, [])
        }
        done: set[str] = set()
        for _ in range(max_hops):
            arrived = sorted(
                (route for key, routes in paths.items() for route in routes
                 if self.hops[key].end in goals),
                key=lambda route: route.keys,
            )  # fmt: skip
            if arrived:
                return Found(arrived[0], len({route.actions for route in arrived}) == 1)
            done |= set(paths)
            paths = self._extend(paths, done, start)
            if not paths:
                return None
        return None

    def other_route(self, start: str, goals: set[str], route: Route) -> bool:
        """Whether the page graph, vouched for or not, has another way to ``goals`` in as
        many hops or fewer with other actions: then ``route`` is not the only answer."""
        every: dict[str, list[Hop]] = defaultdict(list)
        for hop in self.hops.values():
            if hop.start != hop.end:
                every[hop.start].append(hop)
        ways: dict[str, set[tuple[str, ...]]] = {}
        for _ in range(len(route.hops)):
            ways = {
                screen: _first_two(
                    hop.actions + rest
                    for hop in leaving
                    for rest in ({()} if hop.end in goals else ways.get(hop.end, set()))
                )
                for screen, leaving in every.items()
            }
        return any(found != route.actions for found in ways.get(start, set()))

    def _extend(
        self, paths: dict[str, list[Route]], done: set[str], start: str
    ) -> dict[str, list[Route]]:
        grown: dict[str, list[Route]] = defaultdict(list)
        for key in sorted(paths):
            for route in paths[key]:
                for nxt in sorted(self.after[key] - done):
                    hop = self.hops[nxt]
                    if hop.end == start or hop.end in route.screens:
                        continue
                    grown[nxt].append(Route((*route.hops, hop)))
        return {key: _keep(routes) for key, routes in grown.items()}


def _first_two(ways: Iterable[tuple[str, ...]]) -> set[tuple[str, ...]]:
    kept: set[tuple[str, ...]] = set()
    for way in sorted(ways):
        kept.add(way)
        if len(kept) == KEEP:
            break
    return kept


def _keep(routes: list[Route]) -> list[Route]:
    """The first route by keys and the first with other actions (see :data:`KEEP`)."""
    kept: list[Route] = []
    for route in sorted(routes, key=lambda r: r.keys):
        if all(route.actions != other.actions for other in kept):
            kept.append(route)
        if len(kept) == KEEP:
            break
    return kept
