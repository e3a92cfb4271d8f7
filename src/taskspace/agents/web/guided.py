"""``guided``: before each decision, the page graph's guidelines (``kg guide``) for the
screen the agent is on are added to its observation (PG-Agent's guidance)."""

from __future__ import annotations

from anyio import to_thread
from inspect_ai.model import get_model
from inspect_ai.solver import Generate, Solver, TaskState, solver
from neo4j.exceptions import Neo4jError

from taskspace.agents.solving import require_model, role_prompts
from taskspace.agents.spec import AgentSpec
from taskspace.agents.web.loop import run_browser_agent
from taskspace.agents.web.model import ModelPolicy
from taskspace.core.errors import UserError
from taskspace.environments.browser import Observation
from taskspace.graph.connection import Graph
from taskspace.guidelines import Guide


def screen_summary(seen: Observation) -> str:
    """The page as ``kg guide`` is asked about it: title, URL and its controls' names."""
    names = ", ".join(mark.name for mark in seen.marks[:40] if mark.name)
    return f"{seen.title} ({seen.url}). Controls: {names}"


def build(spec: AgentSpec, graph: Graph) -> Solver:
    require_model(spec)
    system = role_prompts(spec, ("system",))["system"]
    guide = Guide(graph)

    async def guidelines(seen: Observation) -> str:
        try:
            found = await to_thread.run_sync(
                lambda: guide.for_screen(screen_summary(seen), k=spec.k)
            )
        except (UserError, Neo4jError) as exc:  # no page graph or index: it goes unguided
            return f"(no guidelines: {exc})"
        lines = [f"- {g.text()}" for g in found]
        return "Guidelines from the page graph:\n" + "\n".join(lines) if lines else ""

    @solver(name=spec.name)
    def guided_solver() -> Solver:
        async def solve(state: TaskState, generate: Generate) -> TaskState:
            policy = ModelPolicy(system, note=guidelines)
            return await run_browser_agent(state, policy, spec.max_steps, str(get_model()))

        return solve

    return guided_solver()
