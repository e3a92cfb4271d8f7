"""``som``: GRAPH2EVAL's Set-of-Marks agent. Each step the model sees the screenshot with
numbered marks and the mark listing, and picks a mark id and an action by tool call."""

from __future__ import annotations

from inspect_ai.model import get_model
from inspect_ai.solver import Generate, Solver, TaskState, solver

from taskspace.agents.solving import require_model, role_prompts
from taskspace.agents.spec import AgentSpec
from taskspace.agents.web.loop import run_browser_agent
from taskspace.agents.web.model import ModelPolicy
from taskspace.graph.connection import Graph


def build(spec: AgentSpec, graph: Graph) -> Solver:
    require_model(spec)
    system = role_prompts(spec, ("system",))["system"]

    @solver(name=spec.name)
    def som_solver() -> Solver:
        async def solve(state: TaskState, generate: Generate) -> TaskState:
            policy = ModelPolicy(system)
            return await run_browser_agent(state, policy, spec.max_steps, str(get_model()))

        return solve

    return som_solver()
