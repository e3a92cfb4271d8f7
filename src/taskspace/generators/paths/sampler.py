"""``kg sample paths``: causal-path tasks of one level, seeded, each answer re-derived.

A walk starts at a named item, takes the app moves the level calls for, and keeps only
steps made unique (:mod:`taskspace.generators.paths.cardinality`). The path is told without naming
what it passes through (:mod:`taskspace.generators.paths.describe`), checked for spoilers, and
re-derived step by step with ``paths/step`` before it is kept. The same seed on the same
graph gives the same tasks.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from taskspace.generators.errors import SamplingError
from taskspace.generators.paths.cardinality import Reader, make_unique, step_targets
from taskspace.generators.paths.describe import ToldStep, hidden_labels, noun, tell, vocabulary
from taskspace.generators.paths.difficulty import Level, Levels, read_levels, score
from taskspace.generators.paths.lints import UNLABELLED, path_lints
from taskspace.generators.paths.walk import (
    TRIES,
    AppSpace,
    Move,
    Node,
    Step,
    Walker,
    choose_move,
    node_types,
    ordered_candidates,
)
from taskspace.generators.paths.world import world
from taskspace.graph.connection import Graph
from taskspace.graph.ids import stable_id
from taskspace.graph.metapaths import metapath_library
from taskspace.tasks.family import SampleReport
from taskspace.tasks.fingerprint import fingerprint
from taskspace.tasks.model import GroundRef, PathStep, Task
from taskspace.tasks.spoilers import named

START_LIMIT = 20_000
BATCH = 20
"""Walks between two batched lint queries."""
ATTEMPTS_PER_TASK = 60
BUDGET = 40
"""Steps a walk may try to make unique before it gives up."""
TEMPLATE = "paths/step"


REASONS = ("apps", "spoiler", "unverified", "duplicates")
"""Why a walk is dropped: app count outside the level, a hidden entity named, not re-derived."""


def path_reader(graph: Graph) -> Reader:
    def read(name: str, slots: dict[str, str] | None = None, **params: Any) -> list[Any]:
        return graph.read_text(metapath_library().text(f"paths/{name}", slots), **params)

    return read


def load_space(graph: Graph) -> AppSpace:
    space = AppSpace.from_rows(path_reader(graph)("apps"))
    if not space.types:
        raise SamplingError(
            "No app information spaces in the graph: load them with `kg load wikidata --apps`."
        )
    return space


def _attributes(space: AppSpace, move: Move, target: Node) -> list[str]:
    declared = [move.target] if move.target is not None else []
    types = declared + space.types_for(target.roots)
    own = [pid for t in types for pid in t.attributes]
    return list(dict.fromkeys(own + vocabulary().secondary_attributes))


@dataclass
class _Search:
    """One walk's state: a depth-first search that backs off from dead ends, and from
    paths that cannot end within the level's app bounds (a long walk in one app is no
    level-3 path, however many steps it has)."""

    walker: Walker
    length: int
    minimum: int
    apps: tuple[int, int]
    rng: random.Random
    spread: bool
    budget: int = BUDGET

    def fits_apps(self, path: list[Step]) -> bool:
        return self.apps[0] <= len({s.move.source.app for s in path}) <= self.apps[1]

    def can_reach_apps(self, path: list[Step]) -> bool:
        """Whether the steps left can still bring in enough new apps (each step adds at
        most one)."""
        used = len({s.move.source.app for s in path})
        return used <= self.apps[1] and used + self.length - len(path) >= self.apps[0]

    def step(
        self, node: Node, move: Move, target: Node, fanout: int, named: set[str]
    ) -> Step | None:
        """The step made unique, or None; only steps that reach a proof spend budget."""
        constraints = make_unique(
            self.walker.read,
            world(),
            move.key,
            node.id,
            target.id,
            fanout,
            _attributes(self.walker.space, move, target),
            named | {target.label or ""},
        )
        if isinstance(constraints, str):
            self.walker.refused[constraints] += 1
            return None
        self.budget -= 1
        return Step(move, node, target, fanout, constraints)

    def extend(self, path: list[Step], node: Node, arrived: Move | None) -> list[Step] | None:
        """The longest path found from here: full length if possible, else a dead end that
        is long enough and ends on a named item, else None."""
        if len(path) == self.length:
            return path if self.fits_apps(path) else None
        if not self.can_reach_apps(path):
            return self._ending(path)
        space = self.walker.space
        moves = space.moves(node_types(space, node, arrived))
        options = self.walker.neighbours(node, moves) if moves else []
        visited = {s.target.id for s in path} | {path[0].source.id if path else node.id}
        used = {s.move.source.app for s in path}
        named = {s.target.label or "" for s in path} | {
            path[0].source.label or "" if path else node.label or ""
        }
        for key, fanout, target in self.labelled(
            ordered_candidates(options, moves, visited, used, self.spread, self.rng)
        )[:TRIES]:
            if self.budget <= 0:
                break
            move = choose_move(moves[key], target, used, self.spread, self.rng)
            if move is None:
                continue
            taken = self.step(node, move, target, fanout, named)
            if taken is not None:
                found = self.extend([*path, taken], target, move)
                if found is not None:
                    return found
        return self._ending(path)

    def labelled(
        self, options: list[tuple[tuple[str, bool], int, Node]]
    ) -> list[tuple[tuple[str, bool], int, Node]]:
        """The targets a path may pass through: items with a label (the others counted)."""
        kept = [option for option in options if option[2].label]
        self.walker.refused[UNLABELLED] += len(options) - len(kept)
        return kept

    def _ending(self, path: list[Step]) -> list[Step] | None:
        """``path`` as a dead end that still makes a task: long enough, within the app
        bounds, ending on a named item."""
        long_enough = len(path) >= self.minimum and bool(path) and path[-1].target.label
        return path if long_enough and self.fits_apps(path) else None


def walk(
    walker: Walker, start: Node, length: int, rng: random.Random, level: Level
) -> list[Step] | None:
    """A seeded walk of up to ``length`` unique steps in as many apps as ``level`` wants,
    ending on a named item, or None when no walk from ``start`` reaches the level's
    fewest steps within the search budget."""
    spread = level.apps[0] > 1
    search = _Search(walker, length, level.steps[0], level.apps, rng, spread)
    return search.extend([], start, None)


def _target_noun(space: AppSpace, step: Step) -> str:
    """The declared target type, else the target's own type in the same app (a type of
    another app may be far-fetched: a US state is an "organization" by Wikidata's classes),
    else the neutral "entry"."""
    if step.move.target is not None:
        return noun(step.move.target.name)
    app = step.move.source.app
    names = sorted({t.name for t in space.types_for(step.target.roots) if t.app == app})
    return noun(names[0] if names else None)


def build_task(
    space: AppSpace,
    start: Node,
    steps: Sequence[Step],
    seed: int,
    labels: dict[str, str],
    level: tuple[int, Level],
) -> Task:
    """The task record of a walk of ``level`` (its number and definition): golden path,
    answers per step, instruction, level, score."""
    path = [
        PathStep(
            index=i,
            app=s.move.source.app,
            entity_type=s.move.source.name,
            action=s.move.action.name,
            from_id=s.source.id,
            relation=s.move.action.pid,
            reverse=s.move.action.reverse,
            to_id=s.target.id,
            to_label=s.target.label,
            constraints=s.constraints,
            fanout=s.fanout,
            answer=s.target.label or s.target.id,
        )
        for i, s in enumerate(steps, 1)
    ]
    task_id = stable_id(
        "task", "path", start.id, *(p.model_dump_json(exclude={"fanout"}) for p in path)
    )
    told = [
        ToldStep(
            app=s.move.source.title,
            noun=_target_noun(space, s),
            pid=s.move.action.pid,
            reverse=s.move.action.reverse,
            prop=labels.get(s.move.action.pid, s.move.action.pid),
            constraints=[(c, labels.get(c.pid, c.pid)) for c in s.constraints],
        )
        for s in steps
    ]
    telling = tell(
        start.label or start.id,
        steps[0].move.source.domain,
        told,
        random.Random(f"{seed}:{task_id}"),
    )
    apps = list(dict.fromkeys(p.app for p in path))
    number, spec = level
    relations = [("^" if p.reverse else "") + p.relation for p in path]
    answer = path[-1].answer
    return Task(
        id=task_id,
        kind="path",
        type="causal_path",
        template=TEMPLATE,
        difficulty=spec.difficulty,
        prompt=telling.prompt,
        answer=answer,
        check="exact",
        anchor=start.id,
        fingerprint=fingerprint(telling.prompt, answer),
        grounding=[GroundRef(label="Item", id=start.id)]
        + [GroundRef(label="Item", id=p.to_id) for p in path]
        + [GroundRef(label="App", id=f"app:{app}") for app in apps],
        coverage={
            "node_type": sorted({f"{p.app}/{p.entity_type}" for p in path}),
            "edge_type": sorted(set(relations)),
            "pattern": [">".join(relations)],
            "site": apps,
            "difficulty": [spec.difficulty],
            "framing": [telling.framing, telling.style],
        },
        seed=seed,
        path=path,
        apps=apps,
        level=number,
        score=score(len(path), len(apps)),
    )


def rederive_path(graph: Graph, task: Task) -> bool:
    """True when every step, re-run with ``paths/step`` from the start, reaches exactly its
    recorded item and answer, and the last answer is the task's."""
    read = path_reader(graph)
    current = task.anchor
    for step in task.path:
        if step.from_id != current:
            return False
        rows = step_targets(read, current, step.relation, step.reverse, step.constraints)
        if [row["id"] for row in rows] != [step.to_id]:
            return False
        if (rows[0]["label"] or rows[0]["id"]) != step.answer:
            return False
        current = step.to_id
    return bool(task.path) and task.path[-1].answer == task.answer


def _property_labels(read: Reader, steps: Sequence[Step]) -> dict[str, str]:
    pids = sorted(
        {s.move.action.pid for s in steps} | {c.pid for s in steps for c in s.constraints}
    )
    return {row["id"]: row["label"] for row in read("property_labels", pids=pids)}


def _lint_batch(
    read: Reader, batch: list[Task], found: dict[str, Task], report: SampleReport
) -> None:
    """Keep the batch's tasks every lint passes; count the others by lint."""
    verdicts = path_lints(read, world(), batch)
    for task in batch:
        if verdicts[task.id] is None:
            found[task.id] = task
        else:
            report.lint(str(verdicts[task.id]))


def sample_paths(
    graph: Graph,
    level: int,
    count: int,
    seed: int,
    starts: Sequence[str] | None = None,
    levels: Levels | None = None,
) -> SampleReport:
    """Up to ``count`` spoiler-free causal-path tasks of ``level`` (as ``levels`` defines
    it; the shipped NaturalGAIA levels by default), each step proven unique in one batched
    count (:mod:`taskspace.generators.paths.lints`). The report's extras say why fewer were made:
    walks tried and completed, and hops refused by reason."""
    began = time.perf_counter()
    spec: Level = (levels or read_levels()).get(level)
    space = load_space(graph)
    walker = Walker(graph, space)
    rows = walker.read("starts", roots=space.roots, limit=START_LIMIT)
    if starts is not None:
        rows = [row for row in rows if row["id"] in set(starts)]
    report = SampleReport.start(
        "path", REASONS, level=level, wanted=spec.describe(), starts=len(rows)
    )
    attempts = walks = 0
    if not rows:
        raise SamplingError(
            "No item can start a causal path: load Wikidata items whose classes (P31/P279) "
            "are app root classes, and the app spaces (`kg load wikidata FILES --apps`)."
        )
    rng = random.Random(f"paths:{seed}:{level}")
    found: dict[str, Task] = {}
    seen: set[str] = set()
    batch: list[Task] = []
    while len(found) < count and attempts < count * ATTEMPTS_PER_TASK:
        attempts += 1
        row = rng.choice(rows)
        start = Node(row["id"], row["label"], frozenset(row["roots"]))
        steps = walk(walker, start, rng.randint(*spec.steps), rng, spec)
        if steps is not None:
            walks += 1
            task = _candidate(walker, space, start, steps, seed, (level, spec), seen, report)
            if task is not None:
                batch.append(task)
        if batch and (len(found) + len(batch) >= count or attempts % BATCH == 0):
            _lint_batch(walker.read, batch, found, report)
            batch = []
    _lint_batch(walker.read, batch, found, report)
    tasks = list(found.values())[:count]
    report.candidates = walks
    report.extras.update(
        attempts=attempts,
        walks=walks,
        refused=dict(sorted(walker.refused.items())),
        steps=dict(sorted(Counter(str(len(t.path)) for t in tasks).items())),
        apps=dict(sorted(Counter(app for t in tasks for app in t.apps).items())),
    )
    return report.finish(tasks, time.perf_counter() - began)


def _candidate(
    walker: Walker,
    space: AppSpace,
    start: Node,
    steps: list[Step],
    seed: int,
    level: tuple[int, Level],
    seen: set[str],
    report: SampleReport,
) -> Task | None:
    """The task a completed walk tells, or None (counted) when it is outside the level,
    a duplicate or a spoiler."""
    number, spec = level
    if not spec.admits(len(steps), len({s.move.source.app for s in steps})):
        report.drop("apps")
        return None
    labels = _property_labels(walker.read, steps)
    task = build_task(space, start, steps, seed, labels, (number, spec))
    if task.id in seen:
        report.drop("duplicates")
        return None
    seen.add(task.id)
    if named(task.prompt, hidden_labels(task)):
        report.drop("spoiler")
        return None
    return task
