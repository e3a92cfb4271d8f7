"""Agent kinds to solver builders: ``build_solver(spec, graph)`` for any ``agents/*.yaml``.

A new kind is one module with a builder ``(spec, graph) -> Solver`` and one line in
:data:`BUILDERS`; builders import lazily so an offline run never loads model code.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module

from inspect_ai.solver import Solver

from taskspace.agents.errors import UnknownAgentKindError
from taskspace.agents.spec import AgentSpec
from taskspace.graph.connection import Graph

Builder = Callable[[AgentSpec, Graph], Solver]

BUILDERS: dict[str, str] = {
    "extractive": "taskspace.agents.doc.extractive:extractive_agent",
    "rag": "taskspace.agents.doc.rag:rag_agent",
    "multi_agent": "taskspace.agents.doc.multi_agent:build",
    "graph_tools": "taskspace.agents.doc.graph_react:build",
    "path_tools": "taskspace.agents.paths.tool_use:build",
    "path_walker": "taskspace.agents.paths.walker:build",
    "web_steps": "taskspace.agents.steps.agent:build",
    "heuristic": "taskspace.agents.web.heuristic:build",
    "som": "taskspace.agents.web.som:build",
    "reflective": "taskspace.agents.web.reflective:build",
    "memory": "taskspace.agents.web.memory:build",
    "guided": "taskspace.agents.web.guided:build",
    "gui_replay": "taskspace.agents.gui.replay:build",
    "pg_agent": "taskspace.agents.gui.pg_agent:build",
    "jarvis": "taskspace.agents.gui.jarvis:build",
}
"""kind -> "module:function" of its builder."""


def builder_for(kind: str) -> Builder:
    if kind not in BUILDERS:
        raise UnknownAgentKindError(
            f"agent kind {kind!r} cannot run yet (runnable kinds: {', '.join(sorted(BUILDERS))})"
        )
    module, name = BUILDERS[kind].split(":")
    builder: Builder = getattr(import_module(module), name)
    return builder


def build_solver(spec: AgentSpec, graph: Graph) -> Solver:
    """The inspect solver for ``spec``, reading the live ``graph``."""
    return builder_for(spec.kind)(spec, graph)
