"""``kg sample gui``: (start screen, goal screen) pairs joined by a known action route.

The gold answer is the route the page graph knows: the shortest chain of transitions from
start to goal (ties broken by edge key, so the same graph gives the same route), told as
its action queues in order. Starts are shuffled with the seed, each start gives a goal
chosen with the seed, and every task is re-derived before it is kept; ``kg sample verify``
re-derives it again later with :func:`rederive_gui`.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import Any, Literal

from taskspace.graph.connection import Graph
from taskspace.graph.ids import stable_id
from taskspace.pagegraph.summary import clip
from taskspace.tasks.errors import SamplingError
from taskspace.tasks.family import SampleReport
from taskspace.tasks.fingerprint import fingerprint
from taskspace.tasks.model import GroundRef, RouteHop, Task

TEMPLATE = "gui/route"
MAX_HOPS = 6
SUMMARY_CHARS = 160
Difficulty = Literal["easy", "medium", "hard"]
DIFFICULTY: dict[int, Difficulty] = {1: "easy", 2: "medium"}
"""Difficulty by the number of transitions; longer routes are hard."""


REASONS = ("ambiguous", "unverified")
"""Why a route is dropped: start and goal read the same, or it is not re-derived."""


def routes(
    graph: Graph, start: str, max_hops: int, goal: str | None = None
) -> list[dict[str, Any]]:
    return graph.read("guidelines/routes", {"hops": max_hops}, start=start, goal=goal)


def build_task(row: dict[str, Any], seed: int, max_hops: int) -> Task:
    screens = row["screens"]
    hops = [
        RouteHop(start=screens[i], end=screens[i + 1], key=hop["key"], actions=list(hop["actions"]))
        for i, hop in enumerate(row["hops"])
    ]
    app = row["app"] or "the app"
    start, goal = (
        clip(row["start_summary"] or "", SUMMARY_CHARS),
        clip(row["goal_summary"] or "", SUMMARY_CHARS),
    )
    prompt = (
        f"In {app}, you are on the screen “{start}”. Get to the screen “{goal}”: "
        "say which actions to perform, in order."
    )
    answer = " → ".join(action for hop in hops for action in hop.actions)
    difficulty: Difficulty = DIFFICULTY.get(len(hops), "hard")
    return Task(
        id=stable_id("task", "gui", row["start"], row["goal"]),
        kind="gui",
        type="gui_navigation",
        template=TEMPLATE,
        difficulty=difficulty,
        prompt=prompt,
        answer=answer,
        answer_type="action_path",
        check="exact",
        anchor=row["start"],
        fingerprint=fingerprint(prompt, answer),
        grounding=[GroundRef(label="Screen", id=screen) for screen in row["screens"]],
        coverage={
            "node_type": ["Screen"],
            "edge_type": ["TRANSITION"],
            "pattern": [f"route/{len(hops)}"],
            "site": [app],
            "difficulty": [difficulty],
        },
        seed=seed,
        start_url=row["start_url"],
        route=hops,
        apps=[row["app"]] if row["app"] else [],
        level=max_hops,
    )


def rederive_gui(graph: Graph, task: Task) -> bool:
    """True when the graph still gives this route, prompt and answer from start to goal."""
    if not task.route:
        return False
    found = routes(graph, task.anchor, task.level or MAX_HOPS, goal=task.route[-1].end)
    if len(found) != 1:
        return False
    again = build_task(found[0], task.seed, task.level or MAX_HOPS)
    return (
        again.route == task.route
        and again.answer == task.answer
        and again.fingerprint == task.fingerprint
    )


def sample_gui(
    graph: Graph, count: int, seed: int, max_hops: int = 3, app: str | None = None
) -> SampleReport:
    """Up to ``count`` verified navigation tasks, at most one per start screen per pass."""
    if not 1 <= max_hops <= MAX_HOPS:
        raise SamplingError(f"max hops must be between 1 and {MAX_HOPS}")
    began = time.perf_counter()
    starts = [row["id"] for row in graph.read("guidelines/route_starts", app=app)]
    report = SampleReport.start("gui", REASONS, max_hops=max_hops, starts=len(starts))
    if not starts:
        where = f" of {app}" if app else ""
        raise SamplingError(
            f"No screen{where} has a transition to another: load GUI episodes first "
            "(`kg load episodes PATH`)."
        )
    rng = random.Random(f"gui:{seed}:{max_hops}:{app}")
    rng.shuffle(starts)
    goals: dict[str, list[dict[str, Any]]] = {}
    chosen: dict[str, Task] = {}
    while len(chosen) < count and any(goals.get(s, True) for s in starts):
        for start in starts:
            if start not in goals:
                goals[start] = routes(graph, start, max_hops)
                report.candidates += len(goals[start])
                rng.shuffle(goals[start])
            if not goals[start]:
                continue
            row = goals[start].pop()
            task = build_task(row, seed, max_hops)
            if task.id in chosen:
                continue
            if row["start_summary"] == row["goal_summary"]:
                report.drop("ambiguous")
            elif not rederive_gui(graph, task):
                report.drop("unverified")
            else:
                chosen[task.id] = task
            if len(chosen) == count:
                break
    tasks = list(chosen.values())
    report.extras.update(
        hops=dict(sorted(Counter(str(len(t.route)) for t in tasks).items())),
        apps=dict(sorted(Counter(a for t in tasks for a in t.apps).items())),
    )
    return report.finish(tasks, time.perf_counter() - began)
