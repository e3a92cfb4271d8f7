"""``kg sample gui``: get from one screen to another along a route episodes took.

A task names its start and goal by what they show (a few visible texts only that page
shows, :mod:`taskspace.generators.gui.screens`), never by address or by how they were reached.
The goal is every screen of the app showing the goal's texts; the gold is the shortest
route episodes vouch for (:mod:`taskspace.generators.gui.walks`) to the first of them, told as
its action queues in order. A route that goes to an address, types text no task asked
for, comes back to its start, or is one of several shortest routes with other actions is
dropped and counted (:mod:`taskspace.generators.gui.lints`); so is a second task with the same
goal. ``kg sample verify`` re-derives each task from its start and end screens with
:func:`rederive_gui`.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from taskspace.core.words import normalized
from taskspace.generators.errors import SamplingError
from taskspace.generators.gui import lints as gui_lints
from taskspace.generators.gui.space import AppSpace, read_space
from taskspace.generators.gui.walks import Route
from taskspace.graph.connection import Graph
from taskspace.graph.ids import stable_id
from taskspace.tasks.family import SampleReport
from taskspace.tasks.fingerprint import fingerprint
from taskspace.tasks.lints import url_in_prompt
from taskspace.tasks.model import GroundRef, RouteHop, SuccessCriterion, Task

TEMPLATE = "gui/route"
MAX_HOPS = 6
Difficulty = Literal["easy", "medium", "hard"]
DIFFICULTY: dict[int, Difficulty] = {1: "easy", 2: "medium"}
"""Difficulty by the number of transitions; longer routes are hard."""

REASONS = ("ambiguous", "unverified")
"""Why a route is dropped besides a lint: its start shows the goal, or it does not
re-derive."""


@dataclass(frozen=True)
class Candidate:
    route: Route
    start_cues: tuple[str, ...]
    goal_cues: tuple[str, ...]
    goals: frozenset[str]
    typed: tuple[str, ...]


def quoted(items: Sequence[str]) -> str:
    """“a”, “b” and “c”."""
    marks = [f"“{item}”" for item in items]
    return marks[0] if len(marks) == 1 else ", ".join(marks[:-1]) + " and " + marks[-1]


def derive(space: AppSpace, start: str, goal: str, max_hops: int) -> Candidate | str:
    """The task from ``start`` to the page ``goal`` shows, or the name of the lint (or
    drop reason) it fails."""
    screens, walks = space.screens, space.walks
    if not (screens.screens[start].observed and screens.screens[goal].observed):
        return "unobserved_screen"
    first = walks.shortest(start, {goal}, max_hops)
    if first is None:
        return "unverified"
    goal_cues = screens.describe(goal, gui_lints.labels(first.route.actions))
    if goal_cues is None:
        return "indistinct_screen"
    goals = frozenset(screens.showing(goal_cues))
    if start in goals:
        return "ambiguous"
    found = walks.shortest(start, set(goals), max_hops)
    if found is None:
        return "unverified"
    route = found.route
    said = gui_lints.labels(route.actions)
    if screens.describe(route.screens[-1], said) != goal_cues:
        return "unverified"
    start_cues = screens.describe(start, said)
    if start_cues is None:
        return "indistinct_screen"
    if any(screens.screens[s].shows(start_cues) for s in route.screens[1:]):
        return "detour"
    if gui_lints.address_step(route):
        return "address_step"
    if gui_lints.untasked_text(route):
        return "untasked_text"
    if _shortcut(space, route):
        return "shortcut"
    if gui_lints.backward_step(route):
        return "backward_step"
    if not found.unique or walks.other_route(start, set(goals), route):
        return "not_unique"
    typed = tuple(gui_lints.typed_texts(route))
    return Candidate(route, start_cues, goal_cues, goals, typed)


def _shortcut(space: AppSpace, route: Route) -> bool:
    """Whether a control a later hop taps is already shown on an earlier screen of the
    route: tapping it there would skip the hops between (a way the graph has not seen)."""
    shown: set[str] = set()
    for hop in route.hops:
        if shown & {normalized(label) for label in gui_lints.labels(hop.actions[:1])}:
            return True
        shown |= space.screens.screens[hop.start].item_keys
    return False


def build_task(space: AppSpace, candidate: Candidate, seed: int, max_hops: int) -> Task:
    route = candidate.route
    hops = [
        RouteHop(start=hop.start, end=hop.end, key=hop.key, actions=list(hop.actions))
        for hop in route.hops
    ]
    typing = f" Where text is needed, type {quoted(candidate.typed)}." if candidate.typed else ""
    prompt = (
        f"In {space.app}, you are on the screen that shows {quoted(candidate.start_cues)}. "
        f"Get to the screen that shows {quoted(candidate.goal_cues)}.{typing} "
        "Say which actions to perform, in order."
    )
    answer = " → ".join(route.actions)
    difficulty: Difficulty = DIFFICULTY.get(len(hops), "hard")
    start = space.screens.screens[route.screens[0]]
    return Task(
        id=stable_id("task", "gui", route.screens[0], route.screens[-1]),
        kind="gui",
        type="gui_navigation",
        template=TEMPLATE,
        difficulty=difficulty,
        prompt=prompt,
        answer=answer,
        answer_type="action_path",
        check="exact",
        anchor=route.screens[0],
        fingerprint=fingerprint(prompt, answer),
        grounding=[GroundRef(label="Screen", id=screen) for screen in route.screens],
        coverage={
            "node_type": ["Screen"],
            "edge_type": ["TRANSITION"],
            "pattern": [f"route/{len(hops)}"],
            "site": [space.app],
            "difficulty": [difficulty],
        },
        seed=seed,
        start_url=start.features.url,
        route=hops,
        success=[SuccessCriterion(kind="text_present", value=cue) for cue in candidate.goal_cues],
        apps=[space.app],
        level=max_hops,
    )


def rederive_gui(graph: Graph, task: Task) -> bool:
    """True when the graph still gives this route, prompt and answer from start to goal."""
    if not task.route or not task.apps:
        return False
    space = _space_of(graph, task.anchor)
    if space is None or task.route[-1].end not in space.screens.screens:
        return False
    found = derive(space, task.anchor, task.route[-1].end, task.level or MAX_HOPS)
    if isinstance(found, str):
        return False
    again = build_task(space, found, task.seed, task.level or MAX_HOPS)
    return (
        again.route == task.route
        and again.answer == task.answer
        and again.fingerprint == task.fingerprint
        and again.success == task.success
    )


def _space_of(graph: Graph, screen: str) -> AppSpace | None:
    rows = graph.read("gui_tasks/screen_app", id=screen)
    return read_space(graph, rows[0]["app"], rows[0]["platform"]) if rows else None


class _Chooser:
    """Keeps tasks whose goals differ: no goal screen of one is the same page as another's."""

    def __init__(self) -> None:
        self.tasks: dict[str, Task] = {}
        self.goals: list[tuple[AppSpace, frozenset[str]]] = []

    def same_goal(self, space: AppSpace, goals: frozenset[str]) -> bool:
        return any(
            other is space and any(space.screens.same_page(a, b) for a in goals for b in taken)
            for other, taken in self.goals
        )

    def keep(self, space: AppSpace, task: Task, goals: frozenset[str]) -> None:
        self.tasks[task.id] = task
        self.goals.append((space, goals))


def sample_gui(
    graph: Graph, count: int, seed: int, max_hops: int = 3, app: str | None = None
) -> SampleReport:
    """Up to ``count`` verified navigation tasks, at most one per start screen per pass."""
    if not 1 <= max_hops <= MAX_HOPS:
        raise SamplingError(f"max hops must be between 1 and {MAX_HOPS}")
    began = time.perf_counter()
    rows = graph.read("gui_tasks/starts", app=app)
    report = SampleReport.start("gui", REASONS, max_hops=max_hops, starts=len(rows))
    if not rows:
        where = f" of {app}" if app else ""
        raise SamplingError(
            f"No screen{where} has a transition to another: load GUI episodes first "
            "(`kg load episodes PATH`)."
        )
    rng = random.Random(f"gui:{seed}:{max_hops}:{app}")
    starts = [(row["id"], row["app"], row["platform"]) for row in rows]
    rng.shuffle(starts)
    spaces: dict[tuple[str, str], AppSpace] = {}
    goals: dict[str, list[str]] = {}
    chosen = _Chooser()
    while len(chosen.tasks) < count and any(goals.get(s[0], True) for s in starts):
        for start, start_app, platform in starts:
            if (start_app, platform) not in spaces:
                spaces[(start_app, platform)] = read_space(graph, start_app, platform)
            space = spaces[(start_app, platform)]
            if start not in goals:
                goals[start] = sorted(space.walks.reachable(start, max_hops))
                report.candidates += len(goals[start])
                rng.shuffle(goals[start])
            if not goals[start]:
                continue
            found = derive(space, start, goals[start].pop(), max_hops)
            if isinstance(found, str):
                _count(report, found)
                continue
            task = build_task(space, found, seed, max_hops)
            if task.id in chosen.tasks:
                continue
            if url_in_prompt(task.prompt, _addresses(space, found.goals)):
                report.lint("url_in_prompt")
            elif chosen.same_goal(space, found.goals):
                report.lint("same_goal")
            elif not rederive_gui(graph, task):
                report.drop("unverified")
            else:
                chosen.keep(space, task, found.goals)
            if len(chosen.tasks) == count:
                break
    tasks = list(chosen.tasks.values())
    report.extras.update(
        hops=dict(sorted(Counter(str(len(t.route)) for t in tasks).items())),
        apps=dict(sorted(Counter(a for t in tasks for a in t.apps).items())),
    )
    return report.finish(tasks, time.perf_counter() - began)


def _count(report: SampleReport, reason: str) -> None:
    if reason in REASONS:
        report.drop(reason)
    else:
        report.lint(reason)


def _addresses(space: AppSpace, goals: frozenset[str]) -> list[str]:
    return [url for g in goals if (url := space.screens.screens[g].features.url)]
