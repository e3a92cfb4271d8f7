"""``jarvis``: LightManus-Jarvis on GUI steps, with Claude through inspect.

Per episode the task parser splits the instruction into an atomic-task topology
(``taskspace.agents.gui.topology``). Per step the executor sees the current atomic task
with the results of the tasks it depends on (context evolution), the history, and the
hybrid observation: the screenshot plus the UI tree as (UID, class, text, bounds); it
reasons, then answers an id-based atomic action (``TAP(uid)``, ``INPUT(uid, text)``,
``SWIPE``, ``SYS``; ``taskspace.environments.gui.actions``) and whether the atomic task is done,
with its result for the tasks after it.
"""

from __future__ import annotations

from inspect_ai.solver import Solver

from taskspace.agents.gui.llm import ask, history
from taskspace.agents.gui.steps import Predict, gui_solver
from taskspace.agents.gui.topology import AtomicTask, current, evolve, feedback, parse_topology
from taskspace.agents.solving import require_model, role_prompts
from taskspace.agents.spec import AgentSpec
from taskspace.environments.gui.actions import GRAMMAR, parse_action
from taskspace.environments.gui.view import GuiView
from taskspace.graph.connection import Graph
from taskspace.sources.episodes.model import Action

ROLES = ("parser", "executor")


class Jarvis:
    def __init__(self, prompts: dict[str, str]) -> None:
        self.prompts = prompts
        self.tasks: list[AtomicTask] | None = None

    async def predict(self, view: GuiView) -> Action | None:
        if self.tasks is None:
            parsed = await ask(f"{self.prompts['parser']}\n\nInstruction: {view.task}")
            self.tasks = parse_topology(parsed, view.task)
        task = current(self.tasks)
        answer = await ask(
            f"{self.prompts['executor']}\n\nOverall instruction: {view.task}\n"
            f"Current atomic task: {evolve(task, self.tasks)}\n"
            f"History:\n{history(view.previous)}\n"
            f"UI tree (UID, class, text, bounds):\n{view.elements_text()}\n"
            f"Answer THOUGHT: <reasoning>, then ACTION: one of {GRAMMAR}, then "
            "STATUS: done or continue (the atomic task), then RESULT: <what it found>",
            view.observation.screenshot,
        )
        feedback(answer, task)
        return parse_action(answer, view.observation.elements)


def build(spec: AgentSpec, graph: Graph) -> Solver:
    require_model(spec)
    prompts = role_prompts(spec, ROLES)

    def fresh() -> Predict:
        return Jarvis(prompts).predict

    return gui_solver(spec.name, fresh)
