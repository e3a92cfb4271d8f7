"""Agent kinds to solver builders: ``build_solver(spec, graph)`` for any ``agents/*.yaml``.

A new kind is one module with a builder ``(spec, graph) -> Solver`` and one entry in
:data:`BUILDERS`; builders import lazily so an offline run never loads model code.
"""

from __future__ import annotations

from collections.abc import Callable

from inspect_ai.solver import Solver

from taskspace.agents.errors import UnknownAgentKindError
from taskspace.agents.spec import AgentSpec
from taskspace.core.registry import Entry, Registry
from taskspace.graph.connection import Graph

Builder = Callable[[AgentSpec, Graph], Solver]


BUILDERS: Registry[Builder] = Registry(
    "agent kind",
    {
        "extractive": Entry(
            "taskspace.agents.doc.extractive:extractive_agent",
            "offline baseline: rules pick a span, cell or heading",
        ),
        "rag": Entry(
            "taskspace.agents.doc.rag:rag_agent",
            "retrieve from the graph, then a cited answer (LLM)",
        ),
        "multi_agent": Entry(
            "taskspace.agents.doc.multi_agent:build",
            "GRAPH2EVAL planner, retriever, reasoner, verifier (LLM)",
        ),
        "graph_tools": Entry(
            "taskspace.agents.doc.graph_react:build", "ReAct loop over the graph tools (LLM)"
        ),
        "path_tools": Entry(
            "taskspace.agents.paths.tool_use:build",
            "ReAct loop over the app tools for causal paths (LLM)",
        ),
        "path_walker": Entry(
            "taskspace.agents.paths.walker:build", "offline baseline for causal paths"
        ),
        "web_steps": Entry(
            "taskspace.agents.steps.agent:build", "SeeAct-style pipeline over Mind2Web steps"
        ),
        "heuristic": Entry(
            "taskspace.agents.web.heuristic:build",
            "offline browser agent: follows the best-matching link",
        ),
        "som": Entry(
            "taskspace.agents.web.som:build",
            "Set-of-Marks browser agent (LLM)",
        ),
        "reflective": Entry(
            "taskspace.agents.web.reflective:build", "Agent S style: act, reflect, remember (LLM)"
        ),
        "memory": Entry(
            "taskspace.agents.web.memory:build",
            "MMInA: earlier similar trajectories prepended (LLM)",
        ),
        "guided": Entry(
            "taskspace.agents.web.guided:build",
            "page-graph guidelines added to each observation (LLM)",
        ),
        "gui_replay": Entry(
            "taskspace.agents.gui.replay:build",
            "offline baseline: the nearest known screen's recorded action",
        ),
        "pg_agent": Entry(
            "taskspace.agents.gui.pg_agent:build",
            "PG-Agent multi-agent workflow on GUI steps (LLM)",
        ),
        "gui_route": Entry(
            "taskspace.agents.gui.route:build",
            "offline GUI navigation: shortest known route between the described screens",
        ),
        "jarvis": Entry(
            "taskspace.agents.gui.jarvis:build", "LightManus-Jarvis on GUI steps (LLM)"
        ),
    },
    error=UnknownAgentKindError,
    refusal="agent kind {name!r} cannot run yet (runnable kinds: {known})",
)
"""kind -> its builder ``(spec, graph) -> Solver``."""


def builder_for(kind: str) -> Builder:
    return BUILDERS.get(kind)


def build_solver(spec: AgentSpec, graph: Graph) -> Solver:
    """The inspect solver for ``spec``, reading the live ``graph``."""
    return builder_for(spec.kind)(spec, graph)
