"""Agents that answer tasks by querying the live graph, as inspect_ai solvers.

Each agent is declared in ``agents/<name>.yaml`` (an :class:`~taskspace.agents.spec.AgentSpec`)
and built by the builder its ``kind`` names in :mod:`taskspace.agents.registry`.
"""

__all__ = [
    "context",
    "doc",
    "errors",
    "gui",
    "paths",
    "registry",
    "roles",
    "solving",
    "spec",
    "steps",
    "toolsets",
    "trace",
    "web",
]
