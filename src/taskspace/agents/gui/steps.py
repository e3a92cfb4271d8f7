"""The inspect solver every GUI step agent shares: walk the episode's views, ask the
agent's predictor for each step's action, keep the predictions in the sample's store.

A predictor is made per episode (``fresh()``), so an agent may carry state across the
steps of one episode (Jarvis's context, PG-Agent's global plan) and never across episodes.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable

from inspect_ai.model import ModelOutput
from inspect_ai.solver import Generate, Solver, TaskState, solver

from taskspace.environments.gui.view import PREDICTED_KEY, GuiView, gui_views
from taskspace.sources.episodes.model import Action

Predict = Callable[[GuiView], Awaitable[Action | None]]


def gui_solver(name: str, fresh: Callable[[], Predict]) -> Solver:
    @solver(name=name)
    def gui_steps() -> Solver:
        async def solve(state: TaskState, generate: Generate) -> TaskState:
            predict = fresh()
            chosen: list[Action | None] = []
            for view in gui_views(state.metadata):
                chosen.append(await predict(view))
            state.store.set(
                PREDICTED_KEY, [a.model_dump(exclude_none=True) if a else None for a in chosen]
            )
            content = json.dumps([a.summary() if a else None for a in chosen])
            state.output = ModelOutput.from_content(model=name, content=content)
            return state

        return solve

    return gui_steps()
