"""``gui-route``: the offline agent for GUI navigation tasks (``kg sample gui``). No model.

A GUI task names an app, a start screen and a goal screen by the texts they show, and asks
for the actions that lead from one to the other. The agent reads only that prompt: it
finds the app's screens of the page graph that show the start's texts and those that
show the goal's (:class:`~taskspace.generators.gui.screens.ScreenIndex`, the page graph's
own reading of a screen), then asks the graph for the shortest route over its known
transitions (``cypher/gui_route/shortest_route.cypher``, read-only) and answers with that
route's actions in order, joined by " → " as the task's check reads them. It cites the
screens the route passes. It never reads the task's gold (route, anchor, success texts):
the sample's metadata is the scorers'.
"""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass

from inspect_ai.model import ChatMessageAssistant
from inspect_ai.solver import Generate, Solver, TaskState, solver

from taskspace.agents.context import question_of
from taskspace.agents.solving import finish
from taskspace.agents.spec import AgentSpec
from taskspace.agents.trace import looked_at
from taskspace.core.settings import Settings
from taskspace.generators.gui.screens import ScreenIndex, screen_view
from taskspace.graph.connection import Graph
from taskspace.tasks.attempt import Attempt

MAX_HOPS = 6
"""Transitions a route has at most (the longest a GUI task is sampled with)."""
SEPARATOR = " → "
"""How a GUI task's answer joins its actions."""

_CUES = r"“[^”]*”(?:(?:, | and )“[^”]*”)*"
_PROMPT = re.compile(
    rf"In (?P<app>.+?), you are on the screen that shows (?P<start>{_CUES})\. "
    rf"Get to the screen that shows (?P<goal>{_CUES})\."
)
_CUE = re.compile(r"“([^”]*)”")


@dataclass(frozen=True)
class Reading:
    """What a GUI task's prompt says: the app and the texts of its start and goal."""

    app: str
    start: tuple[str, ...]
    goal: tuple[str, ...]


@dataclass(frozen=True)
class Plan:
    """The route found: the screens it passes and the actions, in order (empty: none)."""

    starts: tuple[str, ...]
    goals: tuple[str, ...]
    screens: tuple[str, ...] = ()
    actions: tuple[str, ...] = ()


def read_prompt(prompt: str) -> Reading | None:
    """The app, start texts and goal texts of a GUI task's prompt, or None if it is not one."""
    found = _PROMPT.search(prompt)
    if found is None:
        return None
    return Reading(
        found["app"],
        tuple(_CUE.findall(found["start"])),
        tuple(_CUE.findall(found["goal"])),
    )


def app_screens(graph: Graph, app: str) -> ScreenIndex:
    """Every screen of ``app`` in the page graph, on each platform it has screens on."""
    views = [
        screen_view(row, app, platform)
        for platform in (r["platform"] for r in graph.read("gui_route/app_platforms", app=app))
        for row in graph.read("gui_tasks/app_screens", app=app, platform=platform)
    ]
    return ScreenIndex(views)


def plan(graph: Graph, reading: Reading, max_hops: int = MAX_HOPS) -> Plan:
    """The shortest known route from a screen showing the start texts to one showing the
    goal texts; a start must have been seen (observed), as the task's start was."""
    screens = app_screens(graph, reading.app)
    starts = sorted(s for s in screens.showing(reading.start) if screens.screens[s].observed)
    goals = sorted(screens.showing(reading.goal) - set(starts))
    if not starts or not goals:
        return Plan(tuple(starts), tuple(goals))
    rows = graph.read(
        "gui_route/shortest_route", {"max_hops": max_hops}, starts=starts, goals=goals
    )
    if not rows:
        return Plan(tuple(starts), tuple(goals))
    actions = tuple(action for queue in rows[0]["actions"] for action in queue or ())
    return Plan(tuple(starts), tuple(goals), tuple(rows[0]["screens"]), actions)


def build(spec: AgentSpec, graph: Graph) -> Solver:
    """The route agent as an inspect solver; it opens its own connection per sample."""
    settings = graph.settings

    @solver(name=spec.name)
    def gui_route() -> Solver:
        return _solve(spec, settings)

    return gui_route()


def _solve(spec: AgentSpec, settings: Settings) -> Solver:
    async def solve(state: TaskState, generate: Generate) -> TaskState:
        reading = read_prompt(question_of(state))
        found = await asyncio.to_thread(_plan, settings, reading, spec.max_steps)
        _trace(spec.name, reading, found)
        state.messages.append(
            ChatMessageAssistant(content=_looked_at(reading, found), model=spec.name)
        )
        attempt = Attempt(
            task_id=str(state.sample_id),
            answer=SEPARATOR.join(found.actions),
            cited=list(found.screens),
            confidence=1.0 if found.actions else 0.0,
        )
        return finish(state, attempt, spec.name)

    return solve


def _plan(settings: Settings, reading: Reading | None, max_hops: int) -> Plan:
    if reading is None:
        return Plan((), ())
    with Graph(settings) as graph:
        return plan(graph, reading, max_hops)


def _trace(agent: str, reading: Reading | None, found: Plan) -> None:
    """The screens that matched the prompt's texts (``screens``) and the route planned over
    the known transitions (``route``), as transcript events."""
    if reading is None:
        looked_at(agent, "screens", app=None, starts=[], goals=[])
        return
    looked_at(
        agent,
        "screens",
        app=reading.app,
        start_texts=list(reading.start),
        starts=list(found.starts),
        goal_texts=list(reading.goal),
        goals=list(found.goals),
    )
    looked_at(agent, "route", screens=list(found.screens), actions=list(found.actions))


def _looked_at(reading: Reading | None, found: Plan) -> str:
    """What the agent read and found, for the transcript."""
    if reading is None:
        return "The prompt names no app, start screen and goal screen; no route."
    lines = [
        f"App {reading.app}: {len(found.starts)} screens show the start texts "
        f"({', '.join(found.starts) or 'none'}), {len(found.goals)} the goal texts "
        f"({', '.join(found.goals) or 'none'}).",
    ]
    if found.actions:
        lines.append(f"Route over {' → '.join(found.screens)}: {SEPARATOR.join(found.actions)}")
    else:
        lines.append("No known route between them.")
    return "\n".join(lines)
