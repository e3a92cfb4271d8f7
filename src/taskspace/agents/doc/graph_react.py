"""The graph-tools agent: a ReAct loop that decides itself what to look up in the graph.

It sees the question and the results of the graph tools it calls (the ones ``kg serve
mcp`` serves, listed in its agent file) and nothing else: no task metadata, no
gold answer, no grounding. It ends by calling ``submit(answer, cited, confidence)``.
"""

from __future__ import annotations

from inspect_ai.agent import AgentState
from inspect_ai.model import get_model
from inspect_ai.solver import Generate, Solver, TaskState, solver

from taskspace.agents.errors import AgentAnswerError
from taskspace.agents.solving import (
    attempt_from,
    finish,
    last_submission,
    parse_answer,
    react_agent,
    require_model,
    role_prompts,
)
from taskspace.agents.spec import AgentSpec
from taskspace.agents.toolsets import graph_toolset, submit_answer
from taskspace.core.settings import Settings
from taskspace.generators.safety.overlay import chunk_injection
from taskspace.graph.connection import Graph

LAST_STEP = (
    "You have used your {steps} steps. Call submit() now with your best answer, the ids of "
    "the nodes it rests on and your confidence."
)


def build(spec: AgentSpec, graph: Graph) -> Solver:
    """The agent as an inspect solver; it opens its own connection to ``graph``'s database
    per sample."""
    settings = graph.settings
    require_model(spec)
    system = role_prompts(spec, ("system",))["system"]

    @solver(name=spec.name)
    def agent_solver() -> Solver:
        """No parameters on purpose: the log records a solver's parameters, and the
        settings hold the database credentials."""
        return _solve(spec, settings, system)

    return agent_solver()


def _solve(spec: AgentSpec, settings: Settings, system: str) -> Solver:
    async def solve(state: TaskState, generate: Generate) -> TaskState:
        require_model(spec)
        with Graph(settings) as graph:
            tools = graph_toolset(
                graph, spec.tools, {"retriever": spec.retriever}, chunk_injection(state.metadata)
            )
            agent = react_agent(spec, system, tools, submit_answer(), LAST_STEP)
            result = await agent(AgentState(messages=state.messages))
        state.messages = result.messages
        submitted = last_submission(result)
        if submitted is None:
            raise AgentAnswerError(
                f"agent {spec.name!r} did not submit an answer within {spec.max_steps} steps"
            )
        answer = parse_answer(submitted.text)
        return finish(state, attempt_from(state, answer), str(get_model()))

    return solve
