"""``memory``: MMInA's memory-augmented agent. The trajectories of the K (default 2)
most similar earlier tasks of the run are prepended to the task."""

from __future__ import annotations

from inspect_ai.model import get_model
from inspect_ai.solver import Generate, Solver, TaskState, solver

from taskspace.agents.solving import require_model, role_prompts
from taskspace.agents.spec import AgentSpec
from taskspace.agents.web.loop import run_browser_agent
from taskspace.agents.web.model import ModelPolicy
from taskspace.agents.web.trajectories import EpisodeStore
from taskspace.graph.connection import Graph

HEADING = "Trajectories of similar earlier tasks:"


def build(spec: AgentSpec, graph: Graph) -> Solver:
    require_model(spec)
    system = role_prompts(spec, ("system",))["system"]
    store = EpisodeStore()

    @solver(name=spec.name)
    def memory_solver() -> Solver:
        async def solve(state: TaskState, generate: Generate) -> TaskState:
            policy = ModelPolicy(
                system,
                context=lambda prompt: store.context(prompt, spec.k, HEADING),
                remember=lambda episode, _: store.add(episode),
            )
            return await run_browser_agent(state, policy, spec.max_steps, str(get_model()))

        return solve

    return memory_solver()
