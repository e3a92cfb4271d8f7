"""Task generators, one package per family of tasks, and the registry of kinds.

``templates`` makes ``doc`` and ``web`` tasks from Cypher templates, ``paths`` causal
paths over Wikidata apps, ``multihop`` chains across crawled sites, ``gui`` routes between
the page graph's screens, ``safety`` adversarial variants of base tasks. No generator
imports another or this registry (tests/test_families.py); the registry names each
family's module, so ``kg sample verify`` and evaluation reach any kind through one table
and only the families a run needs are imported.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import get_args

from taskspace.core.registry import Entry, Registry
from taskspace.generators.errors import SamplingError
from taskspace.graph.connection import Graph
from taskspace.tasks.family import TaskFamily
from taskspace.tasks.model import Task

__all__ = [
    "FAMILIES",
    "KINDS",
    "errors",
    "family",
    "gui",
    "multihop",
    "paraphrase",
    "paths",
    "safety",
    "templates",
    "verify_tasks",
]

KINDS: tuple[str, ...] = get_args(Task.model_fields["kind"].annotation)
"""Every kind a task record may have (``Task.kind``)."""

FAMILIES: Registry[TaskFamily] = Registry(
    "task family",
    {
        "doc": Entry("taskspace.generators.templates.family:DOC", "questions on documents"),
        "web": Entry("taskspace.generators.templates.family:WEB", "tasks on crawled pages"),
        "path": Entry("taskspace.generators.paths.family:FAMILY", "causal paths over apps"),
        "multihop": Entry("taskspace.generators.multihop.family:FAMILY", "chains across sites"),
        "gui": Entry("taskspace.generators.gui.family:FAMILY", "routes between GUI screens"),
    },
    error=SamplingError,
    refusal="no task family makes {name!r} tasks (known: {known})",
)
"""Kind -> the :class:`TaskFamily` that makes and checks it."""


def family(kind: str) -> TaskFamily:
    """The family of ``kind``; :class:`SamplingError` for a kind no generator makes."""
    return FAMILIES.get(kind)


def verify_tasks(graph: Graph, tasks: Sequence[Task]) -> list[tuple[str, bool]]:
    """Re-derive every task's answer from the graph through its family: (id, still holds)."""
    return [(task.id, family(task.kind).rederive(graph, task)) for task in tasks]
