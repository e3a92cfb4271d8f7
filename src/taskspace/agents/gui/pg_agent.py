"""``pg-agent``: PG-Agent's multi-agent workflow on GUI steps, with Claude through inspect.

Per episode a global planning agent breaks the task into sub-tasks (once). Per step the
RAG pipeline retrieves ``kg guide`` guidelines for the shown screen
(``taskspace.guidelines.Guide``: top 4 similar screens, 3 layers); an observation agent
describes the screenshot and UI elements given the history; a sub-task planning agent picks
the sub-task that fits the screen and lists candidate actions, with the guidelines; a
decision agent chooses the action (``taskspace.environments.gui.actions``), with the guidelines.
Guidelines whose only demonstrated task is the evaluated one are dropped (the episode's own
transitions would otherwise hand it its gold).
"""

from __future__ import annotations

from collections.abc import Callable

from inspect_ai.solver import Solver

from taskspace.agents.gui.llm import ask, history
from taskspace.agents.gui.steps import Predict, gui_solver
from taskspace.agents.solving import require_model, role_prompts
from taskspace.agents.spec import AgentSpec
from taskspace.environments.gui.actions import GRAMMAR, parse_action
from taskspace.environments.gui.view import GuiView
from taskspace.graph.connection import Graph
from taskspace.guidelines.errors import GuidelineError
from taskspace.guidelines.guide import Guide
from taskspace.sources.episodes.model import Action

ROLES = ("global_planner", "observer", "subtask_planner", "decider")
Guidelines = Callable[[GuiView], list[str]]


def guideline_texts(guide: Guide, k: int) -> Guidelines:
    def found(view: GuiView) -> list[str]:
        try:
            shown = guide.for_screen(observation=view.observation, n=4, layers=3, k=k)
        except GuidelineError:
            return []
        own = " ".join(view.task.split()).lower()
        texts = []
        for guideline in shown:
            tasks = [t for t in guideline.tasks if " ".join(t.split()).lower() != own]
            if tasks:
                texts.append(guideline.model_copy(update={"tasks": tasks}).text())
        return texts

    return found


class PgAgent:
    def __init__(self, prompts: dict[str, str], guidelines: Guidelines) -> None:
        self.prompts = prompts
        self.guidelines = guidelines
        self.plan: str | None = None

    async def predict(self, view: GuiView) -> Action | None:
        done = history(view.previous)
        if self.plan is None:
            self.plan = await ask(f"{self.prompts['global_planner']}\n\nTask: {view.task}")
        shown = self.guidelines(view)
        listed = "\n".join(f"- {text}" for text in shown) or "None"
        screen = view.elements_text()
        observation = await ask(
            f"{self.prompts['observer']}\n\nTask: {view.task}\nPrevious actions:\n{done}\n"
            f"UI elements:\n{screen}",
            view.observation.screenshot,
        )
        subtask = await ask(
            f"{self.prompts['subtask_planner']}\n\nTask: {view.task}\nGlobal plan:\n{self.plan}\n"
            f"Screen observation:\n{observation}\nGuidelines:\n{listed}\n"
            f"Previous actions:\n{done}",
            view.observation.screenshot,
        )
        decision = await ask(
            f"{self.prompts['decider']}\n\nTask: {view.task}\nScreen observation:\n{observation}\n"
            f"Sub-task plan:\n{subtask}\nGuidelines:\n{listed}\nPrevious actions:\n{done}\n"
            f"UI elements:\n{screen}\nAnswer with one line ACTION: one of {GRAMMAR}"
        )
        return parse_action(decision, view.observation.elements)


def build(spec: AgentSpec, graph: Graph) -> Solver:
    require_model(spec)
    prompts = role_prompts(spec, ROLES)
    guidelines = guideline_texts(Guide(graph), spec.k)

    def fresh() -> Predict:
        return PgAgent(prompts, guidelines).predict

    return gui_solver(spec.name, fresh)
