"""GUI navigation routes as a :class:`~taskspace.tasks.family.TaskFamily`.

Options: ``max_hops`` (longest route in transitions, default 3) and ``app`` (one app only).
"""

from __future__ import annotations

from taskspace.generators.gui.sampler import rederive_gui, sample_gui
from taskspace.graph.connection import Graph
from taskspace.tasks.family import SampleOptions, SampleReport
from taskspace.tasks.model import Task
from taskspace.tasks.scoring.by_check import ScoredByCheck


class GuiFamily(ScoredByCheck):
    kind = "gui"

    def sample(self, graph: Graph, options: SampleOptions) -> SampleReport:
        return sample_gui(
            graph,
            options.count,
            options.seed,
            int(options.get("max_hops", 3)),
            options.get("app"),
        )

    def rederive(self, graph: Graph, task: Task) -> bool:
        return rederive_gui(graph, task)


FAMILY = GuiFamily()
