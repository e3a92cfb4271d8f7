"""The registry of task families: which :class:`TaskFamily` makes and checks each kind.

It sits above every generator (it imports them all; none of them imports it), so
``kg sample verify`` and evaluation reach any kind through one table instead of a chain of
lazy imports inside one generator.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import get_args

from taskspace.generators.errors import SamplingError
from taskspace.generators.gui.family import GuiFamily
from taskspace.generators.multihop.family import MultihopFamily
from taskspace.generators.paths.family import PathFamily
from taskspace.generators.templates.family import TemplateFamily
from taskspace.graph.connection import Graph
from taskspace.tasks.family import TaskFamily
from taskspace.tasks.model import Task

KINDS: tuple[str, ...] = get_args(Task.model_fields["kind"].annotation)
"""Every kind a task record may have (``Task.kind``)."""

FAMILIES: dict[str, TaskFamily] = {
    family.kind: family
    for family in (
        TemplateFamily("doc"),
        TemplateFamily("web"),
        PathFamily(),
        MultihopFamily(),
        GuiFamily(),
    )
}


def family(kind: str) -> TaskFamily:
    """The family of ``kind``; :class:`SamplingError` for a kind no generator makes."""
    try:
        return FAMILIES[kind]
    except KeyError:
        raise SamplingError(
            f"no task family makes {kind!r} tasks (known: {', '.join(FAMILIES)})"
        ) from None


def verify_tasks(graph: Graph, tasks: Sequence[Task]) -> list[tuple[str, bool]]:
    """Re-derive every task's answer from the graph through its family: (id, still holds)."""
    return [(task.id, family(task.kind).rederive(graph, task)) for task in tasks]
