"""Causal paths (NaturalGAIA) as a :class:`~taskspace.tasks.family.TaskFamily`.

Options: ``level`` (1-3, default 1) and ``starts`` (start only from these QIDs).
"""

from __future__ import annotations

from taskspace.graph.connection import Graph
from taskspace.paths.sampler import rederive_path, sample_paths
from taskspace.scoring.family import ScoredByCheck
from taskspace.tasks.family import SampleOptions, SampleReport
from taskspace.tasks.model import Task


class PathFamily(ScoredByCheck):
    kind = "path"

    def sample(self, graph: Graph, options: SampleOptions) -> SampleReport:
        starts = options.get("starts")
        return sample_paths(
            graph,
            int(options.get("level", 1)),
            options.count,
            options.seed,
            starts=list(starts) if starts else None,
        )

    def rederive(self, graph: Graph, task: Task) -> bool:
        return rederive_path(graph, task)
