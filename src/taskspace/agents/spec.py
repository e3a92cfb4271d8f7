"""Agent definitions as files: ``agents/<name>.yaml`` read into :class:`AgentSpec`."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

from taskspace.agents.errors import AgentSpecError, KindMismatchError
from taskspace.core.resources import resource_dir
from taskspace.core.specfiles import read_spec

AgentKind = Literal[
    "extractive",
    "rag",
    "multi_agent",
    "graph_tools",
    "path_tools",
    "path_walker",
    "heuristic",
    "som",
    "reflective",
    "memory",
    "guided",
    "web_steps",
    "gui_replay",
    "pg_agent",
    "jarvis",
    "gui_route",
]

TaskKind = Literal["doc", "web", "path", "multihop", "gui"]
"""The task kinds an agent can declare (``taskspace.generators.KINDS``; a unit test keeps
the two equal: agents sit below generators' registry only through the task contract)."""

GUI_STEP_KINDS = ("gui_replay", "pg_agent", "jarvis")
"""Kinds that predict one GUI action per episode step (``taskspace.evaluation.steps.gui.runs``)."""

OFFLINE_BASELINES: dict[str, tuple[AgentKind, ...]] = {
    "extractive": ("extractive", "rag", "multi_agent", "graph_tools"),
    "path-walker": ("path_tools", "path_walker"),
    "heuristic": ("heuristic", "som", "reflective", "memory", "guided"),
    "mind2web-pipeline": ("web_steps",),
    "replay-nearest": ("gui_replay", "pg_agent", "jarvis"),
    "gui-route": ("gui_route",),
}
"""The offline baseline agent of each kind of task (documents, causal paths, web pages in
the browser, Mind2Web steps, GUI episodes) and the agent kinds that solve that kind: the
agent to suggest when one of those kinds cannot run without a model."""


def offline_baseline(kind: str) -> str:
    """The offline agent for the tasks an agent of ``kind`` solves."""
    return next((name for name, kinds in OFFLINE_BASELINES.items() if kind in kinds), "extractive")


class AgentSpec(BaseModel):
    """What an agent is: how it gets context, whether it needs a model, and its prompts."""

    name: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    kind: AgentKind
    description: str
    kinds: tuple[TaskKind, ...] = Field(
        description="the task kinds it solves from a tasks file; empty for step-level "
        "agents, which run on episodes in the graph instead"
    )
    needs_model: bool = Field(description="false only for the offline baselines")
    retriever: str = "hybrid"
    k: int = Field(default=5, ge=1, le=50)
    max_steps: int = Field(default=8, ge=1, description="tool calls or stages at most")
    tools: tuple[str, ...] = Field(
        default=(),
        description="graph tools the agent may call (taskspace.tools.graph; path_tools "
        "and path_walker: taskspace.tools.apps)",
    )
    batches: int = Field(
        default=4, ge=1, le=20, description="web_steps: page sections planned in parallel"
    )
    selection: Literal["first_viable", "llm_select"] = Field(
        default="llm_select", description="web_steps: the strategy whose action is scored"
    )
    prompts: dict[str, str] = Field(
        default_factory=dict, description="role prompts by role (system, planner, …)"
    )


def agents_dir() -> Path:
    return resource_dir("agents")


def load_agent_spec(name: str, folder: Path | None = None) -> AgentSpec:
    """The agent called ``name``; an error that lists the agents there are otherwise."""
    folder = folder or agents_dir()
    path = folder / f"{name}.yaml"
    if not path.is_file():
        known = ", ".join(sorted(spec.name for spec in load_agent_specs(folder))) or "none"
        raise AgentSpecError(f"no agent {name!r} (agents: {known})")
    return read_spec(path, AgentSpec, "agent", AgentSpecError)


def load_agent_specs(folder: Path | None = None) -> list[AgentSpec]:
    folder = folder or agents_dir()
    return [read_spec(p, AgentSpec, "agent", AgentSpecError) for p in sorted(folder.glob("*.yaml"))]


def fitting_agents(kinds: Collection[str], specs: Sequence[AgentSpec]) -> list[str]:
    """The agents that solve every kind in ``kinds``: offline ones first, then by name."""
    fit = [spec for spec in specs if set(kinds) <= set(spec.kinds)]
    return [spec.name for spec in sorted(fit, key=lambda s: (s.needs_model, s.name))]


def require_fit(spec: AgentSpec, kinds: Collection[str], folder: Path | None = None) -> None:
    """Refuse, in one line naming the agents that fit, tasks of a kind ``spec`` does not
    solve: such a run would only score 0 on every sample."""
    wrong = sorted(set(kinds) - set(spec.kinds))
    if not wrong:
        return
    solves = f"solves {', '.join(spec.kinds)} tasks" if spec.kinds else "runs on episodes"
    fit = fitting_agents(kinds, load_agent_specs(folder))
    advice = f"use one of {', '.join(fit)}" if fit else "no agent solves them all: split the file"
    raise KindMismatchError(
        f"agent {spec.name!r} {solves}; these are {', '.join(sorted(kinds))} tasks: {advice}"
    )
