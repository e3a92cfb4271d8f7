"""``reflective``: Agent S style. The worker acts (as ``som``), a reflection turn after
each action judges it and says what next, and a procedural memory of earlier tasks of the
run (the steps taken and the last reflection) is given before each new task."""

from __future__ import annotations

from inspect_ai.model import get_model
from inspect_ai.solver import Generate, Solver, TaskState, solver

from taskspace.agents.solving import require_model, role_prompts
from taskspace.agents.spec import AgentSpec
from taskspace.agents.web.loop import run_browser_agent
from taskspace.agents.web.model import ModelPolicy
from taskspace.agents.web.trajectories import EpisodeStore
from taskspace.graph.connection import Graph

HEADING = "Procedural memory (earlier tasks of this run, what you did, your reflection):"


def build(spec: AgentSpec, graph: Graph) -> Solver:
    require_model(spec)
    prompts = role_prompts(spec, ("system", "reflection"))
    store = EpisodeStore()

    @solver(name=spec.name)
    def reflective_solver() -> Solver:
        async def solve(state: TaskState, generate: Generate) -> TaskState:
            policy = ModelPolicy(
                prompts["system"],
                context=lambda prompt: store.context(prompt, spec.k, HEADING),
                reflect=prompts["reflection"],
                remember=store.add,
            )
            return await run_browser_agent(state, policy, spec.max_steps, str(get_model()))

        return solve

    return reflective_solver()
