"""Multihop web chains (MMInA) as a :class:`~taskspace.tasks.family.TaskFamily`.

Option: ``hops`` (hops per chain, at least two; default 2).
"""

from __future__ import annotations

from taskspace.graph.connection import Graph
from taskspace.multihop.sampler import rederive_multihop, sample_multihop
from taskspace.scoring.family import ScoredByCheck
from taskspace.tasks.family import SampleOptions, SampleReport
from taskspace.tasks.model import Task


class MultihopFamily(ScoredByCheck):
    kind = "multihop"

    def sample(self, graph: Graph, options: SampleOptions) -> SampleReport:
        return sample_multihop(graph, int(options.get("hops", 2)), options.count, options.seed)

    def rederive(self, graph: Graph, task: Task) -> bool:
        return rederive_multihop(graph, task)
