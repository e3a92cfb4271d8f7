"""Multihop web chains (MMInA) as a :class:`~taskspace.tasks.family.TaskFamily`.

Option: ``hops`` (hops per chain, at least two; default 2). Scored by the hop queue
(:func:`taskspace.generators.multihop.scoring.score_multihop`): hops in order, stop at the first
miss,
success only when every hop passed; fuzzy_match with ``ANTHROPIC_API_KEY``.
"""

from __future__ import annotations

from taskspace.generators.multihop.sampler import rederive_multihop, sample_multihop
from taskspace.generators.multihop.scoring import Fuzzy, score_multihop
from taskspace.graph.connection import Graph
from taskspace.tasks.attempt import Attempt, TaskScore
from taskspace.tasks.family import SampleOptions, SampleReport
from taskspace.tasks.model import Task
from taskspace.tasks.scoring.fuzzy import fuzzy_matcher


class MultihopFamily:
    kind = "multihop"

    def __init__(self, fuzzy: Fuzzy | None = None) -> None:
        self._fuzzy = fuzzy

    def sample(self, graph: Graph, options: SampleOptions) -> SampleReport:
        return sample_multihop(graph, int(options.get("hops", 2)), options.count, options.seed)

    def rederive(self, graph: Graph, task: Task) -> bool:
        return rederive_multihop(graph, task)

    def score(self, task: Task, attempt: Attempt) -> TaskScore:
        """The hop queue's verdict, with ``hops_passed``, ``hops_total``, ``hop_sr``,
        ``first_failed_hop`` … in ``metrics`` (``kg eval run`` writes the same)."""
        fuzzy = self._fuzzy if self._fuzzy is not None else fuzzy_matcher()
        return score_multihop(task, attempt, fuzzy)


FAMILY = MultihopFamily()
