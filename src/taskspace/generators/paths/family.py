"""Causal paths (NaturalGAIA) as a :class:`~taskspace.tasks.family.TaskFamily`.

Options: ``level`` (default 1), ``levels`` (a levels spec file; the shipped NaturalGAIA
levels by default) and ``starts`` (start only from these QIDs). Scored
step by step against the gold path (:func:`taskspace.generators.paths.scoring.score_path`): success
is the final answer, and the metrics carry atomic success, MATCR's ratio, p-ATSR's
weighted steps, WPSR's task weight and the first failed step.
"""

from __future__ import annotations

from pathlib import Path

from taskspace.generators.paths.difficulty import read_levels
from taskspace.generators.paths.sampler import rederive_path, sample_paths
from taskspace.generators.paths.scoring import score_path
from taskspace.graph.connection import Graph
from taskspace.tasks.attempt import Attempt, TaskScore
from taskspace.tasks.family import SampleOptions, SampleReport
from taskspace.tasks.model import Task


class PathFamily:
    kind = "path"

    def sample(self, graph: Graph, options: SampleOptions) -> SampleReport:
        starts = options.get("starts")
        levels_file = options.get("levels")
        return sample_paths(
            graph,
            int(options.get("level", 1)),
            options.count,
            options.seed,
            starts=list(starts) if starts else None,
            levels=read_levels(Path(levels_file) if levels_file else None),
        )

    def rederive(self, graph: Graph, task: Task) -> bool:
        return rederive_path(graph, task)

    def score(self, task: Task, attempt: Attempt) -> TaskScore:
        return score_path(task, attempt)


FAMILY = PathFamily()
